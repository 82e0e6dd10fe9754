import { createFileRoute } from "@tanstack/react-router";
import { RARITY_TIERS } from "../lib/rarity";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { RarityBadge } from "../lib/ui/RarityBadge";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/collection")({
  component: CollectionView,
});

function CollectionView() {
  usePageTitle("Collection");
  return (
    <ComingSoonPanel icon="collection" title="Your Collection">
      <p>Every card you pull will live here, with your points and set progress.</p>
      <ul className="rarity-legend" aria-label="Rarity tiers, lowest to highest">
        {RARITY_TIERS.map((tier) => (
          <li key={tier}>
            <RarityBadge tier={tier} />
          </li>
        ))}
      </ul>
    </ComingSoonPanel>
  );
}
