import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { runPrepared, runPreparedIn, type PreparedStatement } from "../db/prepared.ts";
import { spendCoins } from "../game/coins.ts";
import { fairRandom, nextPityCount, openFairPack, pityDue } from "../game/fairRandom.ts";
import { progressOf, recordPack, type Progress } from "../game/progress.ts";
import { pityStatus, recordOf, tierMask, type PityStatus } from "../game/pullRecord.ts";
import { points } from "../game/rarity.ts";
import { CARDS_PER_PACK, setById, SETS, type Card as PulledCard, type CardSet } from "../game/sets.ts";
import { badRequest } from "../http/errors.ts";
import { nodeHmac } from "../lib/fairSeeds.ts";
import { keyedQueue } from "../lib/keyedQueue.ts";
import { Card } from "../models/Card.ts";
import { User } from "../models/User.ts";
import { coinState, lockUser } from "../queries/users.ts";

export interface OpenedPack {
  cards: Array<Card & { isNew: boolean }>;
  coins: number;
  gems: number;
  /** What the pack was drawn with (RULES.md, provably fair pulls). */
  pull: { serverSeedHash: string; clientSeed: string; nonce: number };
  pity: PityStatus;
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
export async function openPackFor(db: Db, opener: Opener, setId: number, now?: Date): Promise<OpenedPack> {
  const set = setById(setId);
  // One player's packs in this process go one at a time: each then starts from the version the
  // one before it wrote, instead of losing the swap to it and paying a read, a retry and perhaps
  // the locked fallback (half again as many statements when one player's packs overlap).
  // Packs arriving at other processes still race, and the swap keeps that correct.
  return queueOf(db)(opener.userId, () => openOne(db, opener, set, now ?? new Date()));
}

const queues = new WeakMap<Db, ReturnType<typeof keyedQueue<number>>>();
function queueOf(db: Db) {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = keyedQueue<number>()));
  return queue;
}

async function openOne(db: Db, opener: Opener, set: CardSet, now: Date): Promise<OpenedPack> {
  // The pack is drawn from the seeds, nonce and pity counter of the version the swap names, so a
  // pack that lands was drawn with exactly what the database held (a rotation moves the version).
  const lastSeen = lastSeenOf(db);
  const known = lastSeen.get(opener.userId);
  if (known) {
    // A stale guess may say "not enough coins" after a purchase: then ask the database.
    const patch = tryPatch(known.state, set, now);
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
    const opened = await swap(db, opener, seen, packPatch(seen.state, set, now), set, now);
    if (opened) return opened;
  }

  lastSeen.delete(opener.userId);
  return db.transaction(async (trx) => {
    const user = await lockUser(trx, opener.userId);
    const state = fromUser(user);
    const patch = packPatch(state, set, now);
    // Holding the lock, the version read is the current one: the same statement, in this transaction.
    const result = await runPreparedIn<InsertedRow>(trx, SWAP_AND_INSERT[set.id - 1]!, swapValues(opener, user.version, patch, now));
    if (!result.length) throw new SessionGone();
    return openedOf(result, opener, patch, set, now);
  });
}

type PulledRow = PulledCard & { points: number };

/** One pack drawn from the player's fair stream, with the pity guarantee when it is due. */
interface Draw {
  rows: PulledRow[];
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  pityApplied: boolean;
  pityAfter: number;
}
function drawFor(state: PlayerState, set: CardSet): Draw {
  const pity = state.pity[set.id - 1]!;
  const pityApplied = pityDue(pity);
  const cards = openFairPack(set.id, fairRandom(state.serverSeed, state.clientSeed, state.nonce, nodeHmac), { pityDue: pityApplied });
  return {
    rows: cards.map((c) => ({ ...c, points: points(c) })),
    serverSeedHash: state.serverSeedHash,
    clientSeed: state.clientSeed,
    nonce: state.nonce,
    pityApplied,
    pityAfter: nextPityCount(pity, cards),
  };
}

function openedOf(result: InsertedRow[], opener: Opener, patch: PackPatch, set: CardSet, now: Date): OpenedPack {
  return {
    cards: toOpened(result, opener.userId, now),
    coins: patch.coins,
    gems: patch.gems,
    pull: { serverSeedHash: patch.draw.serverSeedHash, clientSeed: patch.draw.clientSeed, nonce: patch.draw.nonce },
    pity: pityStatus(set.id, patch.draw.pityAfter),
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

function tryPatch(state: PlayerState, set: CardSet, now: Date): PackPatch | null {
  try {
    return packPatch(state, set, now);
  } catch {
    return null;
  }
}

/** The compare-and-swap statement; null when the version (or the session) no longer matches. */
async function swap(db: Db, opener: Opener, seen: Seen, patch: PackPatch, set: CardSet, now: Date): Promise<OpenedPack | null> {
  const result = await runPrepared<InsertedRow>(db, SWAP_AND_INSERT[set.id - 1]!, swapValues(opener, seen.version, patch, now));
  if (!result.length) return null;
  const setPacksOpened = [...seen.state.setPacksOpened];
  setPacksOpened[set.id - 1] = patch.setPacksOpened;
  const pity = [...seen.state.pity];
  pity[set.id - 1] = patch.draw.pityAfter;
  const { draw, ...player } = patch;
  const state: PlayerState = { ...seen.state, ...player, setPacksOpened, pity, nonce: draw.nonce + 1 };
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

function fromUser(u: User): PlayerState {
  return {
    ...progressOf(u),
    ...coinState(u),
    gems: u.gems,
    setPacksOpened: SETS.map((s) => u[`set${s.id as 1}PacksOpened`]),
    totalScore: Number(u.totalScore),
    cardCount: u.cardCount,
    serverSeed: u.serverSeed,
    serverSeedHash: u.serverSeedHash,
    clientSeed: u.clientSeed,
    nonce: u.fairNonce,
    pity: SETS.map((s) => u[`set${s.id as 1}Pity`]),
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

/** The player's row after paying for and opening this pack; a 400 when it cannot be paid. */
function packPatch(player: PlayerState, set: CardSet, now: Date): PackPatch {
  let coins = coinState(player);
  let gems = player.gems;
  if (set.currency === "coins") {
    const spent = spendCoins(coins, set.packCost, now);
    if (!spent) throw badRequest(MSG.notEnoughCoins);
    coins = spent;
  } else {
    if (gems < set.packCost) throw badRequest(MSG.notEnoughGems);
    gems -= set.packCost;
  }
  const draw = drawFor(player, set);
  const rows = draw.rows;
  return {
    coins: coins.coins,
    lastCoinGeneration: coins.lastCoinGeneration,
    gems,
    setPacksOpened: player.setPacksOpened[set.id - 1]! + 1,
    ...recordPack(progressOf(player), rows, now),
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
const setPatchSql = (setId: number) => `coins = $3::int, last_coin_generation = $4::timestamptz, gems = $5::int, set${setId}_packs_opened = $6::int,
  daily_period = $7::date, daily_logins = $8::int, daily_packs_opened = $9::int, daily_holos_found = $10::int,
  weekly_period = $11::date, weekly_packs_opened = $12::int, weekly_holos_found = $13::int, weekly_legendaries_found = $14::int,
  total_score = $15::bigint, card_count = $16::int, updated_at = $17::timestamptz`;

// The pack's cards as a VALUES list of CARDS_PER_PACK rows, 7 parameters each from $19 ($18 is the
// session id); the fair-pull values follow them (FAIR below). Not unnest() of arrays: for a
// parameter array PostgreSQL guesses 100 rows, so the generic plan looked 30 times dearer than
// a custom one and every execution was planned again (a quarter of the server's CPU per pack). With the row count in the text the plan is reused.
const CARD_COLUMNS = ["varchar", "varchar", "smallint", "bool", "bool", "bool", "int"];
const cardValues = (rows: PulledRow[]) => {
  if (rows.length !== CARDS_PER_PACK) throw new Error(`a pack has ${CARDS_PER_PACK} cards, not ${rows.length}`);
  return rows.flatMap((r) => [r.character, r.background, r.set, r.isHolo, r.isGlitch, r.isDarkHolo, r.points]);
};
const PACK_CARDS = `VALUES ${Array.from({ length: CARDS_PER_PACK }, (_, card) =>
  `(${CARD_COLUMNS.map((type, k) => `$${19 + card * CARD_COLUMNS.length + k}::${type}`).join(", ")}, ${card + 1})`).join(", ")}`;
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;
// Reads the collection as it was before this statement's insert (exact index cards_owner_identity).
const IS_NEW = `NOT EXISTS (
    SELECT 1 FROM cards c WHERE c.user_id = $1::int AND c.character = i.character AND c.background = i.background
      AND c."set" = i."set" AND c.is_holo = i.is_holo AND c.is_glitch = i.is_glitch AND c.is_dark_holo = i.is_dark_holo
  ) AS is_new`;

// After the cards: the nonce and pity counter after this pack, then the pull history's row.
const FAIR = 19 + CARDS_PER_PACK * CARD_COLUMNS.length;
const fairValues = (d: Draw) => [
  d.nonce + 1, d.pityAfter,
  d.serverSeedHash, d.clientSeed, d.nonce, d.pityApplied, tierMask(d.rows), JSON.stringify(d.rows.map(recordOf)),
];

/**
 * One statement: update the player only if the row is still the version read ($2), and insert
 * the cards and the pull's history row only if that update happened. Empty when another write
 * got there first. The nonce in the WHERE says again what the version already guarantees: this
 * pack was drawn with the nonce (and the seeds) the row holds. Only the new cards' ids and
 * identities come back: everything else the caller already knows.
 */
const SWAP_AND_INSERT: PreparedStatement[] = SETS.map((s) => ({
  name: `pack_swap_insert_set${s.id}`,
  text: `WITH u AS (
      UPDATE users SET ${setPatchSql(s.id)}, fair_nonce = $${FAIR}::int, set${s.id}_pity = $${FAIR + 1}::smallint
      WHERE id = $1::int AND version = $2::int AND fair_nonce = $${FAIR + 4}::int AND server_seed_hash = $${FAIR + 2}::varchar
        AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = $18::varchar AND s.user_id = $1::int AND s.expires_at > now())
      RETURNING id, version
    ),
    inserted AS (
      INSERT INTO cards (user_id, ${IDENTITY}, points, opened_at)
      SELECT u.id, v.character, v.background, v."set", v.is_holo, v.is_glitch, v.is_dark_holo, v.points, $17::timestamptz
      FROM u CROSS JOIN (${PACK_CARDS}) AS v(character, background, "set", is_holo, is_glitch, is_dark_holo, points, n) ORDER BY v.n
      RETURNING id, ${IDENTITY}, points
    ),
    pulled AS (
      INSERT INTO pulls (user_id, "set", opened_at, server_seed_hash, client_seed, nonce, pity, tiers, cards)
      SELECT u.id, ${s.id}, $17::timestamptz, $${FAIR + 2}::varchar, $${FAIR + 3}::varchar, $${FAIR + 4}::int, $${FAIR + 5}::bool, $${FAIR + 6}::smallint, $${FAIR + 7}::jsonb
      FROM u
    )
    SELECT i.*, ${IS_NEW}, (SELECT version FROM u) AS player_version FROM inserted i ORDER BY i.id`,
}));

const swapValues = (opener: Opener, version: number, patch: PackPatch, now: Date) => [
  opener.userId, version, ...patchValues(patch, now), opener.sessionId, ...cardValues(patch.draw.rows), ...fairValues(patch.draw),
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
