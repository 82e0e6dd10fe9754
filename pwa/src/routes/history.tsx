import { createFileRoute } from "@tanstack/react-router";
import { HistoryScreen } from "../features/history/components/HistoryScreen";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/history")({
  component: HistoryView,
});

function HistoryView() {
  usePageTitle("Pull History");
  return <HistoryScreen />;
}
