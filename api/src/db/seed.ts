import type { Db } from "./knex.ts";

// Store packages (RULES.md, Store). Seeded once; an operator may edit prices in the database,
// so existing rows are never overwritten.
export const SEED_PACKAGES = [
  { id: "coins-small", name: "Coin Pouch", type: "coins", coins: 10, gems: 0, price_cents: 99, popular: false, bonus: null, bonus_percentage: 0, sort_order: 1 },
  { id: "coins-medium", name: "Coin Sack", type: "coins", coins: 50, gems: 0, price_cents: 499, popular: false, bonus: "10% Bonus", bonus_percentage: 10, sort_order: 2 },
  { id: "coins-large", name: "Coin Chest", type: "coins", coins: 100, gems: 0, price_cents: 999, popular: true, bonus: "20% Bonus", bonus_percentage: 20, sort_order: 3 },
  { id: "coins-huge", name: "Coin Vault", type: "coins", coins: 500, gems: 0, price_cents: 3999, popular: false, bonus: "30% Bonus", bonus_percentage: 30, sort_order: 4 },
  { id: "gems-small", name: "Gem Shard", type: "gems", coins: 0, gems: 5, price_cents: 199, popular: false, bonus: null, bonus_percentage: 0, sort_order: 5 },
  { id: "gems-large", name: "Gem Cluster", type: "gems", coins: 0, gems: 25, price_cents: 899, popular: false, bonus: "20% Bonus", bonus_percentage: 20, sort_order: 6 },
] as const;

export async function seed(db: Db): Promise<void> {
  await db("packages").insert(SEED_PACKAGES.map((p) => ({ ...p }))).onConflict("id").ignore();
}
