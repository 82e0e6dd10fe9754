import { createFileRoute } from "@tanstack/react-router";
import { FairnessScreen } from "../features/fairness/components/FairnessScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/fairness")({
  component: FairnessView,
});

function FairnessView() {
  usePageTitle("Fair Play");
  return <FairnessScreen />;
}
