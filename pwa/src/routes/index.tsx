import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/")({
  component: PacksView,
});

function PacksView() {
  usePageTitle("Packs");
  return (
    <ComingSoonPanel icon="packs" title="Card Packs">
      <p>Seven themed packs, from Velvet Night to Sharkbite, are being sealed in foil.</p>
      <p>Pack opening arrives in a later update. Your coins are safe and keep regenerating meanwhile.</p>
    </ComingSoonPanel>
  );
}
