import { createFileRoute } from "@tanstack/react-router";
import { TradingScreen } from "../features/trading/components/TradingScreen";
import type { TradeTab } from "../features/trading/tradingModel";
import { usePageTitle } from "../lib/usePageTitle";

const TABS: readonly TradeTab[] = ["browse", "matches", "wishlist", "sent", "received", "history"];

// The open tab lives in the address (?tab=received) so back, forward and reload keep it.
export const Route = createFileRoute("/trading")({
  validateSearch: (search: Record<string, unknown>): { tab?: TradeTab } => {
    const tab = TABS.find((t) => t === search.tab);
    return tab && tab !== "browse" ? { tab } : {};
  },
  component: TradingView,
});

function TradingView() {
  usePageTitle("Trading");
  const { tab = "browse" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TradingScreen tab={tab} onTabChange={(next) => void navigate({ search: next === "browse" ? {} : { tab: next } })} />;
}
