import { createFileRoute } from "@tanstack/react-router";
import { LeaderboardScreen } from "../features/leaderboard/components/LeaderboardScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/rank")({
  component: RankView,
});

function RankView() {
  usePageTitle("Leaderboard");
  return <LeaderboardScreen />;
}
