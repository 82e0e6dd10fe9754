import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/rewards")({
  component: RewardsView,
});

function RewardsView() {
  usePageTitle("Rewards");
  return (
    <ComingSoonPanel icon="rewards" title="Daily and Weekly Rewards">
      <p>Claim coins for logging in, opening packs and finding holos. Rewards arrive in a later update.</p>
    </ComingSoonPanel>
  );
}
