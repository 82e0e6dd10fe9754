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

type SetSummary = PullSummaryDto["sets"][number];

// The pack count moves with every pack, in the one statement that also writes the pack's history
// row (packOpener.ts), and never otherwise: the summary's cache key. Summed as bigint.
const PACKS_OPENED = SETS.map((s) => `set${s.id}_packs_opened::bigint`).join(" + ");
const PITY_COLUMNS = SETS.map((s) => `set${s.id}_pity`);

/** The player's pack count (as text) and pity counters: one primary-key read. */
async function packsAndPityOf(db: Db, userId: number): Promise<{ packs: string; pity: number[] } | null> {
  const row = await db("users").where("id", userId).first(db.raw(`(${PACKS_OPENED})::text AS packs`), ...PITY_COLUMNS);
  return row ? { packs: row.packs as string, pity: PITY_COLUMNS.map((c) => Number(row[c])) } : null;
}

const parsed = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) : v);

/**
 * Packs and cards per tier for each set the player opened, with the pack count they were counted
 * at: one statement, so one snapshot. Reads every pack of the history (the expensive part).
 */
async function pullSetsOf(db: Db, userId: number): Promise<{ packs: string | null; sets: SetSummary[] }> {
  const { rows } = await db.raw(
    `WITH per_set AS (
       SELECT "set", count(*)::int AS packs, count(*) FILTER (WHERE pity)::int AS pity_packs FROM pulls WHERE user_id = ? GROUP BY "set"
     ), per_tier AS (
       SELECT p."set", c->>'tier' AS tier, count(*)::int AS n FROM pulls p CROSS JOIN LATERAL jsonb_array_elements(p.cards) c
       WHERE p.user_id = ? GROUP BY 1, 2
     )
     SELECT (SELECT (${PACKS_OPENED})::text FROM users WHERE id = ?) AS packs,
       (SELECT coalesce(json_agg(per_set), '[]') FROM per_set) AS sets,
       (SELECT coalesce(json_agg(per_tier), '[]') FROM per_tier) AS tiers`,
    [userId, userId, userId],
  );
  const row = rows[0] as { packs: string | null; sets: unknown; tiers: unknown };
  const sets = new Map<number, SetSummary>();
  for (const r of parsed(row.sets) as Array<{ set: number; packs: number; pity_packs: number }>) {
    sets.set(r.set, { set: r.set, packs: r.packs, pityPacks: r.pity_packs, cards: Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number> });
  }
  for (const r of parsed(row.tiers) as Array<{ set: number; tier: Tier; n: number }>) {
    const entry = sets.get(r.set);
    if (entry && TIERS.includes(r.tier)) entry.cards[r.tier] += r.n;
  }
  return { packs: row.packs, sets: [...sets.values()].sort((a, b) => a.set - b.set) };
}

/** Players whose summary one process keeps (a few hundred bytes each). */
const SUMMARIES_KEPT = 2000;

/**
 * GET /pulls/summary: packs and cards per tier for each set the player opened, and every set's
 * pity counter. The per-set part reads the whole history (6,667 packs: tens of milliseconds on
 * the embedded database), so it is kept per player until their next pack: each read checks the
 * pack count first (one primary-key read, with the pity counters it serves fresh) and recomputes
 * only when it moved. Correct with any number of API processes: the key is read from the
 * database every time; what a process keeps is only a copy that another process never needs.
 * Reads of the same count at the same moment share one computation.
 */
export function pullSummaries(db: Db, maxPlayers = SUMMARIES_KEPT) {
  const kept = new Map<number, { packs: string | null; sets: Promise<SetSummary[]> }>();
  const keep = (userId: number, entry: { packs: string | null; sets: Promise<SetSummary[]> }) => {
    kept.delete(userId); // most recently used last
    kept.set(userId, entry);
    if (kept.size > maxPlayers) kept.delete(kept.keys().next().value!);
  };
  return async function pullSummaryOf(userId: number): Promise<PullSummaryDto> {
    const now = await packsAndPityOf(db, userId);
    let entry = kept.get(userId);
    if (!entry || entry.packs !== now?.packs) {
      const computing = pullSetsOf(db, userId);
      const mine: { packs: string | null; sets: Promise<SetSummary[]> } = { packs: now?.packs ?? null, sets: computing.then((r) => r.sets) };
      entry = mine;
      computing.then(
        // Kept under the count it was computed at: a pack landing meanwhile makes it the newer one.
        (r) => void (mine.packs = r.packs),
        () => void (kept.get(userId) === mine && kept.delete(userId)),
      );
    }
    keep(userId, entry);
    return {
      sets: await entry.sets,
      pity: SETS.map((s, i) => pityStatus(s.id, now?.pity[i] ?? 0)),
    };
  };
}
