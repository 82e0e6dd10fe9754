import { createFileRoute } from "@tanstack/react-router";
import { StoreScreen } from "../features/store/components/StoreScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/store")({
  component: StoreView,
});

function StoreView() {
  usePageTitle("Store");
  return <StoreScreen />;
}
