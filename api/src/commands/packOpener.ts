import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { spendCoins } from "../game/coins.ts";
import { progressOf, recordPack } from "../game/progress.ts";
import { openPack, type RandomSource } from "../game/pull.ts";
import { points } from "../game/rarity.ts";
import { setById, type Card as PulledCard, type CardSet } from "../game/sets.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { Card } from "../models/Card.ts";
import { User } from "../models/User.ts";
import { coinState, lockUser } from "../queries/users.ts";

export interface OpenedPack {
  cards: Array<Card & { isNew: boolean }>;
  user: User;
}

/** Optimistic attempts before falling back to the row lock (the same player opening in parallel). */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Opens one pack: take the cost (after coin regeneration), store three cards, move the counters
 * and the total score, all or nothing. The hottest write in the game, so it first tries one
 * atomic statement guarded by the player's row version (read, then compare-and-swap: two round
 * trips); when the same player's packs race, it falls back to a transaction holding the row lock.
 * Either way a balance pays for exactly the packs it covers.
 */
export async function openPackFor(db: Db, userId: number, setId: number, rng: RandomSource, now = new Date()): Promise<OpenedPack> {
  const set = setById(setId);
  // The draw depends on nothing stored, so it happens before any read or lock.
  const pulled = openPack(set.id, rng);
  const rows = pulled.map((c) => ({ ...c, userId, points: points(c), openedAt: now }));

  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const user = await User.query(db).findById(userId);
    if (!user) throw unauthorized();
    const patch = packPatch(user, set, rows, now);
    const opened = await swapAndInsert(db, user, patch, rows);
    if (opened) return opened;
  }

  return db.transaction(async (trx) => {
    const user = await lockUser(trx, userId);
    const patch = packPatch(user, set, rows, now);
    const cards = await insertCards(trx, rows);
    const updated = (await User.query(trx).patch(patch).where("id", userId).returning("*").first()) as unknown as User;
    return { cards, user: updated };
  });
}

type CardRow = PulledCard & { userId: number; points: number; openedAt: Date };

/** The player's row after paying for and opening this pack; a 400 when it cannot be paid. */
function packPatch(user: User, set: CardSet, rows: CardRow[], now: Date): User {
  let coins = coinState(user);
  let gems = user.gems;
  if (set.currency === "coins") {
    const spent = spendCoins(coins, set.packCost, now);
    if (!spent) throw badRequest(MSG.notEnoughCoins);
    coins = spent;
  } else {
    if (gems < set.packCost) throw badRequest(MSG.notEnoughGems);
    gems -= set.packCost;
  }
  const setCounter = `set${set.id}PacksOpened` as const;
  return User.fromJson(
    {
      coins: coins.coins,
      lastCoinGeneration: coins.lastCoinGeneration,
      gems,
      [setCounter]: user[setCounter] + 1,
      ...recordPack(progressOf(user), rows, now),
      totalScore: user.totalScore + rows.reduce((sum, r) => sum + r.points, 0),
      cardCount: user.cardCount + rows.length,
      updatedAt: now,
    },
    { patch: true, skipValidation: true },
  );
}

const NEW_CHECK = `NOT EXISTS (
  SELECT 1 FROM cards c
  WHERE c.user_id = i.user_id AND c.character = i.character AND c.background = i.background
    AND c."set" = i."set" AND c.is_holo = i.is_holo AND c.is_glitch = i.is_glitch AND c.is_dark_holo = i.is_dark_holo
) AS is_new`;

function valuesOf(rows: CardRow[]) {
  return {
    sql: rows.map(() => "(?::int, ?, ?, ?::smallint, ?::boolean, ?::boolean, ?::boolean, ?::int, ?::timestamptz)").join(", "),
    bindings: rows.flatMap((r) => [r.userId, r.character, r.background, r.set, r.isHolo, r.isGlitch, r.isDarkHolo, r.points, r.openedAt]),
  };
}

const CARD_COLUMNS = `user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points, opened_at`;

/**
 * One statement: update the player only if the row is still the version we read, and insert the
 * cards only if that update happened. The CTEs see the collection as it was before the insert,
 * which tells which cards are new. Null when another write got there first.
 */
async function swapAndInsert(db: Db, user: User, patch: User, rows: CardRow[]): Promise<OpenedPack | null> {
  const update = User.query(db).patch(patch).where({ id: user.id, version: user.version }).returning("*").toKnexQuery().toSQL();
  const values = valuesOf(rows);
  const { rows: result } = await db.raw(
    `WITH u AS (${update.sql}),
     inserted AS (
       INSERT INTO cards (${CARD_COLUMNS})
       SELECT v.* FROM (VALUES ${values.sql}) AS v(${CARD_COLUMNS}) WHERE EXISTS (SELECT 1 FROM u)
       RETURNING *
     )
     SELECT i.*, ${NEW_CHECK}, (SELECT row_to_json(u) FROM u) AS player FROM inserted i ORDER BY i.id`,
    [...update.bindings, ...values.bindings],
  );
  if (!result.length) return null;
  const player = User.fromDatabaseJson(result[0].player);
  return { cards: toPulled(result), user: player };
}

async function insertCards(trx: Trx, rows: CardRow[]): Promise<Array<Card & { isNew: boolean }>> {
  const values = valuesOf(rows);
  const { rows: result } = await trx.raw(
    `WITH inserted AS (INSERT INTO cards (${CARD_COLUMNS}) VALUES ${values.sql} RETURNING *)
     SELECT i.*, ${NEW_CHECK} FROM inserted i ORDER BY i.id`,
    values.bindings,
  );
  return toPulled(result);
}

const identity = (c: Pick<PulledCard, "character" | "background" | "isHolo" | "isGlitch" | "isDarkHolo">) =>
  [c.character, c.background, c.isHolo, c.isGlitch, c.isDarkHolo].join("|");

/** Of two equal cards in one pack, only the first is new. */
function toPulled(result: Array<Record<string, unknown>>): Array<Card & { isNew: boolean }> {
  const seenInPack = new Set<string>();
  return result.map((row) => {
    const { is_new, player: _player, ...columns } = row;
    const card = Card.fromDatabaseJson(columns) as Card & { isNew: boolean };
    const key = identity(card);
    card.isNew = Boolean(is_new) && !seenInPack.has(key);
    seenInPack.add(key);
    return card;
  });
}
