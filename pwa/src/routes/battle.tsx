import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/battle")({
  component: BattleView,
});

function BattleView() {
  usePageTitle("Battle");
  return (
    <ComingSoonPanel icon="battle" title="Card Battle Arena">
      <p>Send your five best cards into automated battles for coins. The arena opens in a later update.</p>
    </ComingSoonPanel>
  );
}
