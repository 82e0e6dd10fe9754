import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { spendCoins } from "../game/coins.ts";
import { progressOf, recordPack } from "../game/progress.ts";
import { openPack, type RandomSource } from "../game/pull.ts";
import { points } from "../game/rarity.ts";
import { setById, type Card as PulledCard } from "../game/sets.ts";
import { badRequest } from "../http/errors.ts";
import { Card } from "../models/Card.ts";
import { User } from "../models/User.ts";
import { coinState, lockUser } from "../queries/users.ts";

export interface OpenedPack {
  cards: Array<Card & { isNew: boolean }>;
  user: User;
}

/**
 * Opens one pack in one transaction: lock the player, regenerate and take the cost, store the
 * three cards, and move the counters and total score. The row lock makes parallel opens queue,
 * so a balance pays for exactly the packs it covers. Five round trips in all (begin, lock,
 * insert, update, commit): this is the hottest write in the game.
 */
export async function openPackFor(db: Db, userId: number, setId: number, rng: RandomSource, now = new Date()): Promise<OpenedPack> {
  const set = setById(setId);
  // The draw depends on nothing in the database, so it happens before the lock is taken.
  const pulled = openPack(set.id, rng);
  return db.transaction(async (trx) => {
    const user = await lockUser(trx, userId);
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

    const cards = await insertCards(trx, userId, pulled, now);
    const gained = cards.reduce((sum, c) => sum + c.points, 0);
    const setCounter = `set${set.id}PacksOpened` as const;
    const patch = User.fromJson(
      {
        coins: coins.coins,
        lastCoinGeneration: coins.lastCoinGeneration,
        gems,
        [setCounter]: user[setCounter] + 1,
        ...recordPack(progressOf(user), pulled, now),
        totalScore: user.totalScore + gained,
        cardCount: user.cardCount + cards.length,
        updatedAt: now,
      },
      { patch: true, skipValidation: true },
    );
    const updated = (await User.query(trx).patch(patch).where("id", userId).returning("*").first()) as unknown as User;
    return { cards, user: updated };
  });
}

const identity = (c: Pick<PulledCard, "character" | "background" | "isHolo" | "isGlitch" | "isDarkHolo">) =>
  [c.character, c.background, c.isHolo, c.isGlitch, c.isDarkHolo].join("|");

/**
 * Inserts the cards and, in the same statement, tells which of them the player did not own yet
 * (the CTE reads the collection as it was before the insert). Of two equal cards in one pack,
 * only the first is new.
 */
async function insertCards(trx: Trx, userId: number, pulled: PulledCard[], now: Date): Promise<Array<Card & { isNew: boolean }>> {
  const values = pulled.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
  const bindings = pulled.flatMap((c) => [userId, c.character, c.background, c.set, c.isHolo, c.isGlitch, c.isDarkHolo, points(c), now]);
  const { rows } = await trx.raw(
    `WITH inserted AS (
       INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points, opened_at)
       VALUES ${values}
       RETURNING *
     )
     SELECT i.*, NOT EXISTS (
       SELECT 1 FROM cards c
       WHERE c.user_id = i.user_id AND c.character = i.character AND c.background = i.background
         AND c."set" = i."set" AND c.is_holo = i.is_holo AND c.is_glitch = i.is_glitch AND c.is_dark_holo = i.is_dark_holo
     ) AS is_new
     FROM inserted i ORDER BY i.id`,
    bindings,
  );
  const seenInPack = new Set<string>();
  return (rows as Array<Record<string, unknown>>).map((row) => {
    const card = Card.fromDatabaseJson(row) as Card & { isNew: boolean };
    const key = identity(card);
    card.isNew = Boolean(row.is_new) && !seenInPack.has(key);
    seenInPack.add(key);
    return card;
  });
}
