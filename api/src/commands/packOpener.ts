import type { PullCommitment } from "../contract/cards.ts";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { runPrepared, runPreparedIn, type PreparedStatement } from "../db/prepared.ts";
import { spendCoins } from "../game/coins.ts";
import { fairRandom, MAX_NONCE, nextPityCount, openFairPack, pityDue } from "../game/fairRandom.ts";
import { progressOf, recordPack, type Progress } from "../game/progress.ts";
import { pityStatus, recordOf, tierMask, type PityStatus } from "../game/pullRecord.ts";
import { points } from "../game/rarity.ts";
import { CARDS_PER_PACK, PACK_COUNTS, setById, SETS, type Card as PulledCard, type CardSet, type PackCount } from "../game/sets.ts";
import { badRequest } from "../http/errors.ts";
import { nodeHmac } from "../lib/fairSeeds.ts";
import { keyedQueue } from "../lib/keyedQueue.ts";
import { Card } from "../models/Card.ts";
import { coinState } from "../queries/users.ts";

export interface OpenedPack {
  cards: Array<Card & { isNew: boolean }>;
  coins: number;
  gems: number;
  /** What the first pack was drawn with (RULES.md, provably fair pulls). */
  pull: PullCommitment;
  /** Every pack of the request, in order (one, or ten for a bulk open). */
  pulls: PullCommitment[];
  pity: PityStatus;
  /** The player's total score after these packs (the live rank events: issue 47). */
  totalScore: number;
}

/** Who opens: the player, and the session that must still exist (checked in the same read). */
export interface Opener {
  userId: number;
  sessionId: string;
}

/** Raised when the session row or the player is gone: the caller answers 401 and clears the cookie. */
export class SessionGone extends Error {}

/** Optimistic attempts before falling back to the row lock (the same player opening in parallel). */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Opens one pack: take the cost (after coin regeneration), store three cards, move the counters
 * and the total score, all or nothing. The hottest write in the game, so it runs as named
 * prepared statements (PostgreSQL parses and plans each once per connection), and usually as
 * ONE: a compare-and-swap statement that updates the player only if the row is still the version
 * this process last saw and the session row still exists, inserts the cards and says which are
 * new. The version this process last saw is only a guess (another process, or any other write,
 * moves it on): when the swap finds nothing, the player and the session are read in one
 * statement and the swap is tried again. When the same player's packs race, it falls back to a
 * transaction holding the row lock. Either way a balance pays for exactly the packs it covers.
 */
export async function openPackFor(db: Db, opener: Opener, setId: number, now?: Date, count: PackCount = 1): Promise<OpenedPack> {
  const set = setById(setId);
  // One player's packs in this process go one at a time: each then starts from the version the
  // one before it wrote, instead of losing the swap to it and paying a read, a retry and perhaps
  // the locked fallback (half again as many statements when one player's packs overlap).
  // Packs arriving at other processes still race, and the swap keeps that correct.
  return queueOf(db)(opener.userId, () => openOne(db, opener, set, now ?? new Date(), count));
}

const queues = new WeakMap<Db, ReturnType<typeof keyedQueue<number>>>();
function queueOf(db: Db) {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = keyedQueue<number>()));
  return queue;
}

async function openOne(db: Db, opener: Opener, set: CardSet, now: Date, count: PackCount): Promise<OpenedPack> {
  // The pack is drawn from the seeds, nonce and pity counter of the version the swap names, so a
  // pack that lands was drawn with exactly what the database held (a rotation moves the version).
  const lastSeen = lastSeenOf(db);
  const known = lastSeen.get(opener.userId);
  if (known) {
    // A stale guess may say "not enough coins" after a purchase: then ask the database.
    const patch = tryPatch(known.state, set, now, count);
    const opened = patch && (await swap(db, opener, known, patch, set, now));
    if (opened) return opened;
  }
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const [row] = await runPrepared<PlayerRow>(db, READ_PLAYER, [opener.userId, opener.sessionId]);
    if (!row) {
      lastSeen.delete(opener.userId);
      throw new SessionGone();
    }
    const seen = { state: fromRow(row), version: row.version };
    const opened = await swap(db, opener, seen, packPatch(seen.state, set, now, count), set, now);
    if (opened) return opened;
  }

  lastSeen.delete(opener.userId);
  return db.transaction(async (trx) => {
    const [row] = await runPreparedIn<PlayerRow>(trx, READ_PLAYER_LOCKED, [opener.userId, opener.sessionId]);
    if (!row) throw new SessionGone();
    const patch = packPatch(fromRow(row), set, now, count);
    // Holding the lock, the version read is the current one: the same statement, in this transaction.
    const result = await runPreparedIn<InsertedRow>(trx, swapStatement(set, count), swapValues(opener, row.version, patch, now));
    if (!result.length) throw new SessionGone();
    return openedOf(result, opener, patch, set, now);
  });
}

type PulledRow = PulledCard & { points: number };

/** One pack drawn from the player's fair stream, with the pity guarantee when it was due. */
interface PackDraw {
  rows: PulledRow[];
  nonce: number;
  pityApplied: boolean;
}
/** The packs of one request: consecutive nonces, each with its own pity step (RULES.md, Bulk open). */
interface Draw {
  packs: PackDraw[];
  serverSeedHash: string;
  clientSeed: string;
  firstNonce: number;
  pityAfter: number;
}
function drawFor(state: PlayerState, set: CardSet, count: number): Draw {
  let pity = state.pity[set.id - 1]!;
  const packs: PackDraw[] = [];
  for (let i = 0; i < count; i++) {
    const nonce = state.nonce + i;
    const pityApplied = pityDue(pity);
    const cards = openFairPack(set.id, fairRandom(state.serverSeed, state.clientSeed, nonce, nodeHmac), { pityDue: pityApplied });
    packs.push({ rows: cards.map((c) => ({ ...c, points: points(c) })), nonce, pityApplied });
    pity = nextPityCount(pity, cards);
  }
  return { packs, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, firstNonce: state.nonce, pityAfter: pity };
}
const drawnRows = (d: Draw) => d.packs.flatMap((p) => p.rows);

function openedOf(result: InsertedRow[], opener: Opener, patch: PackPatch, set: CardSet, now: Date): OpenedPack {
  const { serverSeedHash, clientSeed } = patch.draw;
  const pulls = patch.draw.packs.map((p) => ({ serverSeedHash, clientSeed, nonce: p.nonce }));
  return {
    cards: toOpened(result, opener.userId, now),
    coins: patch.coins,
    gems: patch.gems,
    pull: pulls[0]!,
    pulls,
    pity: pityStatus(set.id, patch.draw.pityAfter),
    totalScore: patch.totalScore,
  };
}

/** The player's columns a pack reads: balances, counters, progress, totals, fair-pull state. */
interface PlayerState extends Progress {
  coins: number;
  lastCoinGeneration: Date;
  gems: number;
  setPacksOpened: number[];
  totalScore: number;
  cardCount: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  pity: number[];
}
type PlayerRow = Record<string, unknown> & { version: number };

/**
 * The player's state as this process last read or wrote it, by id: a guess that saves the read
 * when it is still right (the swap checks the version), never trusted otherwise. Bounded; losing
 * it costs one read, so it is no state that matters.
 */
const lastSeenByDb = new WeakMap<Db, Map<number, Seen>>();
const LAST_SEEN_MAX = 10_000;
interface Seen {
  state: PlayerState;
  version: number;
}
function lastSeenOf(db: Db): Map<number, Seen> {
  let map = lastSeenByDb.get(db);
  if (!map) lastSeenByDb.set(db, (map = new Map()));
  return map;
}
function remember(lastSeen: Map<number, Seen>, userId: number, seen: Seen) {
  lastSeen.delete(userId);
  lastSeen.set(userId, seen);
  if (lastSeen.size > LAST_SEEN_MAX) lastSeen.delete(lastSeen.keys().next().value!);
}

function tryPatch(state: PlayerState, set: CardSet, now: Date, count: PackCount): PackPatch | null {
  try {
    return packPatch(state, set, now, count);
  } catch {
    return null;
  }
}

/** The compare-and-swap statement; null when the version (or the session) no longer matches. */
async function swap(db: Db, opener: Opener, seen: Seen, patch: PackPatch, set: CardSet, now: Date): Promise<OpenedPack | null> {
  const result = await runPrepared<InsertedRow>(db, swapStatement(set, patch.draw.packs.length as PackCount), swapValues(opener, seen.version, patch, now));
  if (!result.length) return null;
  const setPacksOpened = [...seen.state.setPacksOpened];
  setPacksOpened[set.id - 1] = patch.setPacksOpened;
  const pity = [...seen.state.pity];
  pity[set.id - 1] = patch.draw.pityAfter;
  const { draw, ...player } = patch;
  const state: PlayerState = { ...seen.state, ...player, setPacksOpened, pity, nonce: draw.firstNonce + draw.packs.length };
  remember(lastSeenOf(db), opener.userId, { state, version: result[0]!.player_version });
  return openedOf(result, opener, patch, set, now);
}

const SET_COLUMNS = SETS.map((s) => `set${s.id}_packs_opened`);
const PITY_COLUMNS = SETS.map((s) => `set${s.id}_pity`);
const PLAYER_COLUMNS = [
  "coins", "last_coin_generation", "gems", ...SET_COLUMNS,
  "daily_period", "daily_logins", "daily_packs_opened", "daily_holos_found",
  "weekly_period", "weekly_packs_opened", "weekly_holos_found", "weekly_legendaries_found",
  "total_score", "card_count", "server_seed", "server_seed_hash", "client_seed", "fair_nonce", ...PITY_COLUMNS, "version",
];

const READ_PLAYER: PreparedStatement = {
  name: "pack_read_player",
  text: `SELECT ${PLAYER_COLUMNS.map((c) => `u.${c}`).join(", ")} FROM users u
    WHERE u.id = $1::int AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = $2::varchar AND s.user_id = $1::int AND s.expires_at > now())`,
};

/** The same read holding the player's row lock (the fallback when one player's packs race). */
const READ_PLAYER_LOCKED: PreparedStatement = { name: "pack_read_player_locked", text: `${READ_PLAYER.text} FOR UPDATE OF u` };

function fromRow(r: PlayerRow): PlayerState {
  return {
    coins: r.coins as number,
    lastCoinGeneration: new Date(r.last_coin_generation as Date | string),
    gems: r.gems as number,
    setPacksOpened: SET_COLUMNS.map((c) => r[c] as number),
    dailyPeriod: r.daily_period as string | null,
    dailyLogins: r.daily_logins as number,
    dailyPacksOpened: r.daily_packs_opened as number,
    dailyHolosFound: r.daily_holos_found as number,
    weeklyPeriod: r.weekly_period as string | null,
    weeklyPacksOpened: r.weekly_packs_opened as number,
    weeklyHolosFound: r.weekly_holos_found as number,
    weeklyLegendariesFound: r.weekly_legendaries_found as number,
    totalScore: Number(r.total_score),
    cardCount: r.card_count as number,
    serverSeed: r.server_seed as string,
    serverSeedHash: r.server_seed_hash as string,
    clientSeed: r.client_seed as string,
    nonce: r.fair_nonce as number,
    pity: PITY_COLUMNS.map((c) => r[c] as number),
  };
}

interface PackPatch extends Progress {
  coins: number;
  lastCoinGeneration: Date;
  gems: number;
  setPacksOpened: number;
  totalScore: number;
  cardCount: number;
  draw: Draw;
}

/** The player's row after paying for and opening these packs; a 400 when they cannot be paid. */
function packPatch(player: PlayerState, set: CardSet, now: Date, count: PackCount): PackPatch {
  let coins = coinState(player);
  let gems = player.gems;
  const cost = set.packCost * count;
  if (set.currency === "coins") {
    const spent = spendCoins(coins, cost, now);
    if (!spent) throw badRequest(MSG.notEnoughCoins);
    coins = spent;
  } else {
    if (gems < cost) throw badRequest(MSG.notEnoughGems);
    gems -= cost;
  }
  // The nonce is an int (RULES.md: it counts the packs of one seed): past its last value, rotate.
  if (player.nonce + count > MAX_NONCE) throw badRequest(MSG.seedUsedUp);
  const draw = drawFor(player, set, count);
  const rows = drawnRows(draw);
  return {
    coins: coins.coins,
    lastCoinGeneration: coins.lastCoinGeneration,
    gems,
    setPacksOpened: player.setPacksOpened[set.id - 1]! + count,
    // Every pack counts for the daily and weekly goals, as if opened one by one.
    ...draw.packs.reduce((progress, pack) => recordPack(progress, pack.rows, now), progressOf(player)),
    totalScore: Number(player.totalScore) + rows.reduce((sum, r) => sum + r.points, 0),
    cardCount: player.cardCount + rows.length,
    draw,
  };
}

// The player's new values, in the order of $3.. in the statements below.
const patchValues = (p: PackPatch, now: Date) => [
  p.coins, p.lastCoinGeneration, p.gems, p.setPacksOpened,
  p.dailyPeriod, p.dailyLogins, p.dailyPacksOpened, p.dailyHolosFound,
  p.weeklyPeriod, p.weeklyPacksOpened, p.weeklyHolosFound, p.weeklyLegendariesFound,
  p.totalScore, p.cardCount, now,
];
// The sums that grow without end are bigint (migration 20261128100000); the day's and week's counters int.
const setPatchSql = (setId: number) => `coins = $3::bigint, last_coin_generation = $4::timestamptz, gems = $5::bigint, set${setId}_packs_opened = $6::bigint,
  daily_period = $7::date, daily_logins = $8::int, daily_packs_opened = $9::int, daily_holos_found = $10::int,
  weekly_period = $11::date, weekly_packs_opened = $12::int, weekly_holos_found = $13::int, weekly_legendaries_found = $14::int,
  total_score = $15::bigint, card_count = $16::bigint, updated_at = $17::timestamptz`;

// The packs' cards as a VALUES list of CARDS_PER_PACK x count rows, 7 parameters each from $19
// ($18 is the session id); the fair-pull values follow them (fairValues). Not unnest() of arrays:
// for a parameter array PostgreSQL guesses 100 rows, so the generic plan looked 30 times dearer
// than a custom one and every execution was planned again (a quarter of the server's CPU per
// pack). With the row count in the text the plan is reused.
const CARD_COLUMNS = ["varchar", "varchar", "smallint", "bool", "bool", "bool", "int"];
const cardValues = (rows: PulledRow[]) => rows.flatMap((r) => [r.character, r.background, r.set, r.isHolo, r.isGlitch, r.isDarkHolo, r.points]);
const packCards = (cards: number) =>
  `VALUES ${Array.from({ length: cards }, (_, card) =>
    `(${CARD_COLUMNS.map((type, k) => `$${19 + card * CARD_COLUMNS.length + k}::${type}`).join(", ")}, ${card + 1})`).join(", ")}`;
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;
/**
 * BENCH_PACKS_WITHOUT_STACKS=1 builds the pack's statement without its card stacks' parts (no
 * second-copy raise, a LIMIT 1 "is it new" probe): the baseline of the bench's card stacks row.
 * Never for players: matches would miss the spares those packs make.
 */
const WITHOUT_STACKS = process.env.BENCH_PACKS_WITHOUT_STACKS === "1";
// Per card of the pack (grouped: two equal cards in one pack are one group), how many copies the
// player held before this statement's insert, counted up to 2 (exact index cards_owner_identity):
// 0 makes the card new; 1 with one more in the pack, or 0 with two, is the player's second copy,
// the one moment their card stack changes (migration 20261130100000). A LATERAL-like probe with
// LIMIT per card, not NOT EXISTS: PostgreSQL may run NOT EXISTS as a hashed subplan that reads the
// player's whole collection every pack, and picks it whenever its statistics are stale or missing
// (a new server, autovacuum behind): the pack's cost then grew with the collection (measured: ~940
// rows read per pack at 1,900 cards, and throughput down by a third within a minute of packs).
const HELD_BEFORE = `SELECT v.character, v.background, v."set", v.is_holo, v.is_glitch, v.is_dark_holo, count(*)::int AS in_pack,
      (SELECT count(*) FROM (SELECT 1 FROM cards c WHERE c.user_id = $1::int AND c.character = v.character AND c.background = v.background
        AND c."set" = v."set" AND c.is_holo = v.is_holo AND c.is_glitch = v.is_glitch AND c.is_dark_holo = v.is_dark_holo LIMIT ${WITHOUT_STACKS ? 1 : 2}) x)::int AS before
    FROM v GROUP BY v.character, v.background, v."set", v.is_holo, v.is_glitch, v.is_dark_holo`;
// A card of this pack that is the player's second copy of it (held before, counted up to 2, plus
// the pack's own) raises the player's stack for it: seldom for a player of many cards, and an
// expression of the result's rows, so a pack with none runs no more plan nodes than one without
// stacks (migration 20261130200000). Two equal cards call it twice; the second changes nothing.
const RAISE_SECOND_COPY = `,
      CASE WHEN h.before < 2 AND h.before + h.in_pack >= 2
        THEN card_stacks_raise($1::int, h.character, h.background, h."set", h.is_holo, h.is_glitch, h.is_dark_holo) END AS raised`;
const SAME_CARD = (a: string, b: string) =>
  ["character", "background", '"set"', "is_holo", "is_glitch", "is_dark_holo"].map((c) => `${a}.${c} = ${b}.${c}`).join(" AND ");

// After the cards: the nonce and pity counter after these packs, the commitment, client seed and
// first nonce, then per pack its nonce, pity flag, tiers and cards (the pull history's rows).
const PULL_COLUMNS = ["int", "bool", "smallint", "jsonb"];
const fairValues = (d: Draw) => [
  d.firstNonce + d.packs.length, d.pityAfter, d.serverSeedHash, d.clientSeed, d.firstNonce,
  ...d.packs.flatMap((p) => [p.nonce, p.pityApplied, tierMask(p.rows), JSON.stringify(p.rows.map(recordOf))]),
];

/**
 * One statement: update the player only if the row is still the version read ($2), moving it to $2 + 1
 * itself (the row version trigger then stays out of the way: migration 20261127000000), and insert
 * the cards and the pulls' history rows only if that update happened. Empty when another write
 * got there first. The nonce in the WHERE says again what the version already guarantees: these
 * packs were drawn with the nonce (and the seeds) the row holds. Only the new cards' ids and
 * identities come back: everything else the caller already knows. One statement per set and
 * pack count (1 or 10), each prepared once per connection. It raises the player's card stacks for
 * its second copies itself (RAISE_SECOND_COPY; issue 48, bench/NOTES.md).
 */
function swapAndInsert(s: CardSet, count: PackCount): PreparedStatement {
  const fair = 19 + CARDS_PER_PACK * count * CARD_COLUMNS.length;
  const pullRows = Array.from({ length: count }, (_, i) =>
    `(${PULL_COLUMNS.map((type, k) => `$${fair + 5 + i * PULL_COLUMNS.length + k}::${type}`).join(", ")})`).join(", ");
  return {
    name: `pack_swap_insert_set${s.id}${count === 1 ? "" : `_x${count}`}`,
    text: `WITH u AS (
      UPDATE users SET ${setPatchSql(s.id)}, version = $2::bigint + 1, fair_nonce = $${fair}::int, set${s.id}_pity = $${fair + 1}::smallint
      WHERE id = $1::int AND version = $2::bigint AND fair_nonce = $${fair + 4}::int AND server_seed_hash = $${fair + 2}::varchar
        AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = $18::varchar AND s.user_id = $1::int AND s.expires_at > now())
      RETURNING id, version
    ),
    v AS (SELECT * FROM (${packCards(CARDS_PER_PACK * count)}) AS v(character, background, "set", is_holo, is_glitch, is_dark_holo, points, n)),
    held AS (${HELD_BEFORE}),
    inserted AS (
      INSERT INTO cards (user_id, ${IDENTITY}, points, opened_at)
      SELECT u.id, v.character, v.background, v."set", v.is_holo, v.is_glitch, v.is_dark_holo, v.points, $17::timestamptz
      FROM u CROSS JOIN v ORDER BY v.n
      RETURNING id, ${IDENTITY}, points
    ),
    pulled AS (
      INSERT INTO pulls (user_id, "set", opened_at, server_seed_hash, client_seed, nonce, pity, tiers, cards)
      SELECT u.id, ${s.id}, $17::timestamptz, $${fair + 2}::varchar, $${fair + 3}::varchar, p.nonce, p.pity, p.tiers, p.cards
      FROM u CROSS JOIN (VALUES ${pullRows}) AS p(nonce, pity, tiers, cards) ORDER BY p.nonce
    )
    SELECT i.*, h.before = 0 AS is_new, (SELECT version FROM u) AS player_version${WITHOUT_STACKS ? "" : RAISE_SECOND_COPY}
    FROM inserted i JOIN held h ON ${SAME_CARD("h", "i")} ORDER BY i.id`,
  };
}
const STATEMENTS = new Map(SETS.flatMap((s) => PACK_COUNTS.map((n) => [`${s.id}:${n}`, swapAndInsert(s, n)] as const)));
const swapStatement = (set: CardSet, count: PackCount) => STATEMENTS.get(`${set.id}:${count}`)!;

const swapValues = (opener: Opener, version: number, patch: PackPatch, now: Date) => [
  opener.userId, version, ...patchValues(patch, now), opener.sessionId, ...cardValues(drawnRows(patch.draw)), ...fairValues(patch.draw),
];

type InsertedRow = {
  id: number; character: string; background: string; set: number; is_holo: boolean; is_glitch: boolean; is_dark_holo: boolean; points: number;
  is_new: boolean; player_version: number;
};

const identity = (c: Pick<PulledCard, "character" | "background" | "isHolo" | "isGlitch" | "isDarkHolo">) =>
  [c.character, c.background, c.isHolo, c.isGlitch, c.isDarkHolo].join("|");

/** Of two equal cards in one pack, only the first is new. */
function toOpened(result: InsertedRow[], userId: number, openedAt: Date): Array<Card & { isNew: boolean }> {
  const seenInPack = new Set<string>();
  return result.map((row) => {
    const card = Object.assign(new Card(), {
      id: row.id,
      userId,
      character: row.character,
      background: row.background,
      set: row.set,
      isHolo: row.is_holo,
      isGlitch: row.is_glitch,
      isDarkHolo: row.is_dark_holo,
      points: row.points,
      openedAt,
    }) as Card & { isNew: boolean };
    const key = identity(card);
    card.isNew = Boolean(row.is_new) && !seenInPack.has(key);
    seenInPack.add(key);
    return card;
  });
}
