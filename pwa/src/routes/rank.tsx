import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/rank")({
  component: RankView,
});

function RankView() {
  usePageTitle("Rank");
  return (
    <ComingSoonPanel icon="rank" title="Leaderboard">
      <p>Climb the leaderboard with the points of your collection. Rankings open in a later update.</p>
    </ComingSoonPanel>
  );
}
