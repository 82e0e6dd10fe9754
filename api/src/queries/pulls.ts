import type { PullDto, PullSummaryDto } from "../contract/fairness.ts";
import type { Db } from "../db/knex.ts";
import { pityStatus, tierBit, type PulledCardRecord } from "../game/pullRecord.ts";
import { SETS, TIERS, type Tier } from "../game/sets.ts";

interface PullRow {
  id: string | number;
  set: number;
  opened_at: Date | string;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  pity: boolean;
  cards: PulledCardRecord[] | string;
}

export const presentPull = (r: PullRow): PullDto => ({
  id: Number(r.id),
  set: r.set,
  openedAt: new Date(r.opened_at).toISOString(),
  cards: typeof r.cards === "string" ? JSON.parse(r.cards) : r.cards,
  serverSeedHash: r.server_seed_hash,
  serverSeed: r.server_seed,
  clientSeed: r.client_seed,
  nonce: r.nonce,
  pity: r.pity,
});

export interface PullFilter {
  before?: number;
  set?: number;
  tier?: Tier;
  serverSeedHash?: string;
}

/**
 * A player's packs (as p) with what presentPull needs, the revealed server seed included (null
 * while the seed is current): a pack is then checkable from its own row, however many seeds
 * were revealed after it. One index probe per pack (fairness_reveals_seed).
 */
export function pullRowsOf(db: Db, userId: number) {
  return db("pulls as p").where("p.user_id", userId)
    .joinRaw(`LEFT JOIN LATERAL (SELECT r.server_seed FROM fairness_reveals r WHERE r.user_id = p.user_id AND r.server_seed_hash = p.server_seed_hash LIMIT 1) r ON true`)
    .select("p.id", "p.set", "p.opened_at", "p.server_seed_hash", "r.server_seed", "p.client_seed", "p.nonce", "p.pity", "p.cards");
}

/** The player's packs, newest first (by id, which follows opening order), filtered. */
export async function pullsOf(db: Db, userId: number, filter: PullFilter, limit: number): Promise<PullDto[]> {
  const q = pullRowsOf(db, userId).orderBy("p.id", "desc").limit(limit);
  if (filter.before) q.where("p.id", "<", filter.before);
  if (filter.set) q.where("p.set", filter.set);
  if (filter.tier) q.whereRaw("(p.tiers & ?) <> 0", [tierBit(filter.tier)]);
  if (filter.serverSeedHash) q.where("p.server_seed_hash", filter.serverSeedHash);
  return (await q).map(presentPull);
}

/** Packs and cards per tier for each set the player opened, and every set's pity counter. */
export async function pullSummaryOf(db: Db, userId: number): Promise<PullSummaryDto> {
  const [packs, cards, user] = await Promise.all([
    db("pulls").where("user_id", userId).groupBy("set").select("set", db.raw("count(*)::int AS packs"), db.raw("count(*) FILTER (WHERE pity)::int AS pity_packs")),
    db.raw(
      `SELECT p."set", c->>'tier' AS tier, count(*)::int AS n FROM pulls p CROSS JOIN LATERAL jsonb_array_elements(p.cards) c
       WHERE p.user_id = ? GROUP BY 1, 2`,
      [userId],
    ),
    db("users").where("id", userId).first(SETS.map((s) => `set${s.id}_pity`)),
  ]);
  const sets = new Map<number, PullSummaryDto["sets"][number]>();
  for (const r of packs as Array<{ set: number; packs: number; pity_packs: number }>) {
    sets.set(r.set, { set: r.set, packs: r.packs, pityPacks: r.pity_packs, cards: Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number> });
  }
  for (const r of cards.rows as Array<{ set: number; tier: Tier; n: number }>) {
    const entry = sets.get(r.set);
    if (entry && TIERS.includes(r.tier)) entry.cards[r.tier] += r.n;
  }
  return {
    sets: [...sets.values()].sort((a, b) => a.set - b.set),
    pity: SETS.map((s) => pityStatus(s.id, (user?.[`set${s.id}_pity`] as number) ?? 0)),
  };
}
