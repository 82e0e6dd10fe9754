import { createFileRoute } from "@tanstack/react-router";
import { CollectionScreen } from "../features/collection/components/CollectionScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/collection")({
  component: CollectionView,
});

function CollectionView() {
  usePageTitle("Collection");
  return <CollectionScreen />;
}
