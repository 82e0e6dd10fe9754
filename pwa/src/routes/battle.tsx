import { createFileRoute } from "@tanstack/react-router";
import { BattleArena } from "../features/battle/components/BattleArena";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/battle")({
  component: BattleView,
});

function BattleView() {
  usePageTitle("Battle");
  return <BattleArena />;
}
