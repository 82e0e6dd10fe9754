import { createFileRoute } from "@tanstack/react-router";
import { RewardsScreen } from "../features/rewards/components/RewardsScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/rewards")({
  component: RewardsView,
});

function RewardsView() {
  usePageTitle("Rewards");
  return <RewardsScreen />;
}
