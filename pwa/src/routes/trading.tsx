import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/trading")({
  component: TradingView,
});

function TradingView() {
  usePageTitle("Trading");
  return (
    <ComingSoonPanel icon="trading" title="Card Trading Marketplace">
      <p>Swap cards one-for-one with other collectors. Trading opens in a later update.</p>
    </ComingSoonPanel>
  );
}
