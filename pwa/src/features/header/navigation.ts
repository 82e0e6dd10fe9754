import type { IconName } from "../../lib/ui/Icon";

/** The game's views in navigation order (SPEC.md section 2; paths from RULES.md, Deep links). */
export const NAV_ITEMS = [
  { id: "packs", to: "/", label: "Packs", icon: "packs" },
  { id: "collection", to: "/collection", label: "Collection", icon: "collection" },
  { id: "rank", to: "/rank", label: "Rank", icon: "rank" },
  { id: "battle", to: "/battle", label: "Battle", icon: "battle" },
  { id: "rewards", to: "/rewards", label: "Rewards", icon: "rewards" },
  { id: "trading", to: "/trading", label: "Trading", icon: "trading" },
  { id: "store", to: "/store", label: "Store", icon: "store" },
] as const satisfies ReadonlyArray<{ id: string; to: string; label: string; icon: IconName }>;

export type NavItemId = (typeof NAV_ITEMS)[number]["id"];
