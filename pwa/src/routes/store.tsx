import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPanel } from "../lib/ui/ComingSoonPanel";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/store")({
  component: StoreView,
});

function StoreView() {
  usePageTitle("Store");
  return (
    <ComingSoonPanel icon="store" title="Game Store">
      <p>Coin and gem packages will be sold here. The store opens in a later update.</p>
    </ComingSoonPanel>
  );
}
