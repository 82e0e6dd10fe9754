import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
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

const identity = (c: PulledCard) => [c.character, c.background, c.set, c.isHolo, c.isGlitch, c.isDarkHolo].join("|");

/**
 * Opens one pack in one transaction: lock the player, regenerate and take the cost, draw three
 * cards with the server's random source, store them, and move the counters and total score.
 * The row lock makes parallel opens queue, so a balance pays for exactly the packs it covers.
 */
export async function openPackFor(db: Db, userId: number, setId: number, rng: RandomSource, now = new Date()): Promise<OpenedPack> {
  const set = setById(setId);
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

    const pulled = openPack(set.id, rng);
    const owned = await trx("cards")
      .where({ user_id: userId, set: set.id })
      .whereIn("character", [...new Set(pulled.map((c) => c.character))])
      .select("character", "background", "set", "is_holo as isHolo", "is_glitch as isGlitch", "is_dark_holo as isDarkHolo");
    const seen = new Set(owned.map(identity));

    const rows = pulled.map((c) => ({ ...c, userId, points: points(c), openedAt: now }));
    const inserted = await Card.query(trx).insert(rows).returning("*");
    const cards = (inserted as Card[]).map((card, i) => {
      const key = identity(pulled[i]!);
      const isNew = !seen.has(key);
      seen.add(key);
      return Object.assign(card, { isNew });
    });

    const gained = rows.reduce((sum, r) => sum + r.points, 0);
    const setCounter = `set${set.id}PacksOpened` as const;
    const updated = await User.query(trx).patchAndFetchById(userId, {
      coins: coins.coins,
      lastCoinGeneration: coins.lastCoinGeneration,
      gems,
      [setCounter]: user[setCounter] + 1,
      ...recordPack(progressOf(user), pulled, now),
      totalScore: user.totalScore + gained,
      cardCount: user.cardCount + rows.length,
      updatedAt: now,
    });
    return { cards, user: updated };
  });
}
