import { publicNameOf } from "../contract/publicName.ts";
import { Trade } from "../models/Trade.ts";
import type { Db, Trx } from "../db/knex.ts";
import type { Card as CardIdentityOfGame } from "../game/sets.ts";
import type { StoredTradeStatus } from "../game/trading.ts";
import { Card } from "../models/Card.ts";
import { cardIdentityColumns, cardOfRow } from "../db/cardIdentity.ts";

export interface TradeRow {
  id: number;
  fromUserId: number;
  toUserId: number;
  offeredCardId: number;
  requestedCardId: number;
  status: StoredTradeStatus;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

export interface TradeRecord {
  trade: TradeRow;
  offeredCard: Card;
  requestedCard: Card;
  fromUser: { username: string; displayName: string | null };
  toUser: { username: string; displayName: string | null };
}

/** Another player as trades show them: the public name in both fields (RULES.md, Accounts). */
const publicUser = (u: { id: number; display_name: string | null }) => {
  const name = publicNameOf({ id: u.id, displayName: u.display_name });
  return { username: name, displayName: name };
};

const toTrade = (r: Record<string, any>): TradeRow => ({
  id: r.id,
  fromUserId: r.from_user_id,
  toUserId: r.to_user_id,
  offeredCardId: r.offered_card_id,
  requestedCardId: r.requested_card_id,
  status: r.status,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  expiresAt: new Date(r.expires_at),
});

export async function findTrade(db: Db | Trx, tradeId: number, opts: { lock?: boolean } = {}): Promise<TradeRow | undefined> {
  const q = Trade.query(db).findById(tradeId);
  if (opts.lock) q.forUpdate();
  return q;
}

/** Pending offers that have not expired; `from`/`to` narrow them to one side. */
export function pendingOffers(db: Db | Trx, now: Date) {
  return db("trades").where("status", "pending").andWhere("expires_at", ">", now);
}

/** Loads the cards and players the records show, in two queries for any number of trades. */
export async function withDetails(db: Db | Trx, rows: Array<Record<string, any>>): Promise<TradeRecord[]> {
  const trades = rows.map(toTrade);
  if (!trades.length) return [];
  const cardIds = [...new Set(trades.flatMap((t) => [t.offeredCardId, t.requestedCardId]))];
  const userIds = [...new Set(trades.flatMap((t) => [t.fromUserId, t.toUserId]))];
  const [cards, users] = await Promise.all([Card.query(db).whereIn("id", cardIds), db("users").whereIn("id", userIds).select("id", "display_name")]);
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const userById = new Map(users.map((u: { id: number; display_name: string | null }) => [u.id, publicUser(u)]));
  return trades.map((trade) => ({
    trade,
    offeredCard: cardById.get(trade.offeredCardId)!,
    requestedCard: cardById.get(trade.requestedCardId)!,
    fromUser: userById.get(trade.fromUserId)!,
    toUser: userById.get(trade.toUserId)!,
  }));
}

/** The player's pending offers, sent and received, newest first. */
export async function openOffersOf(db: Db, userId: number, now: Date): Promise<TradeRecord[]> {
  const rows = await pendingOffers(db, now)
    .andWhere((q) => q.where("from_user_id", userId).orWhere("to_user_id", userId))
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]);
  return withDetails(db, rows);
}

// When an offer last changed: its expiry for a pending offer that ran out, else its update.
const CHANGED_AT = `CASE WHEN status = 'pending' THEN expires_at ELSE updated_at END`;

/** What the History tab lists: every finished offer, cancelled ones too (issue 14). */
const IN_HISTORY = `(status IN ('accepted', 'declined', 'expired', 'cancelled') OR (status = 'pending' AND expires_at <= ?))`;

/** Finished offers the player was part of (accepted, declined, cancelled, expired), latest first. */
export async function historyOf(db: Db, userId: number, now: Date, limit = 100): Promise<TradeRecord[]> {
  const rows = await db("trades")
    .where((q) => q.where("from_user_id", userId).orWhere("to_user_id", userId))
    .andWhereRaw(IN_HISTORY, [now])
    .orderByRaw(`${CHANGED_AT} DESC, id DESC`)
    .limit(limit);
  return withDetails(db, rows);
}

/**
 * Badge counts: offers waiting for the player's answer; the player's own offers still open
 * (pending, not expired) sent since the Sent tab was last viewed (issue 44: the Sent tab lists
 * open offers only, and its badge counted accepted, declined and expired ones the tab never
 * shows); trades completed since the History tab was last viewed.
 */
export async function tradeNotifications(db: Db, userId: number, now: Date, since: { sent: Date | null; history: Date | null }) {
  const epoch = new Date(0);
  const [received, sent, history] = await Promise.all([
    pendingOffers(db, now).where("to_user_id", userId).count("* as n").first(),
    pendingOffers(db, now)
      .where("from_user_id", userId)
      .andWhere("created_at", ">", since.sent ?? epoch)
      .count("* as n")
      .first(),
    db("trades")
      .where((q) => q.where("from_user_id", userId).orWhere("to_user_id", userId))
      .andWhere("status", "accepted")
      .andWhere("updated_at", ">", since.history ?? epoch)
      .count("* as n")
      .first(),
  ]);
  return { receivedOffersCount: Number(received?.n ?? 0), sentOffersCount: Number(sent?.n ?? 0), historyCount: Number(history?.n ?? 0) };
}

/** A card identity is exactly the game's card: character, background, set and finish. */
export type CardIdentity = CardIdentityOfGame;

/** Every card identity players hold, with the number of copies, highest points first. */
export async function uniqueCards(db: Db): Promise<Array<CardIdentity & { points: number; count: number }>> {
  const rows = await db("cards")
    .select("character", "background", "set", "is_holo", "is_glitch", "is_dark_holo")
    .max("points as points")
    .count("* as count")
    .groupBy("character", "background", "set", "is_holo", "is_glitch", "is_dark_holo")
    .orderBy([{ column: "points", order: "desc" }, { column: "character" }, { column: "background" }]);
  return rows.map((r: Record<string, any>) => ({
    ...cardOfRow(r),
    points: Number(r.points),
    count: Number(r.count),
  }));
}

/**
 * Who holds a card identity: one entry per player, most copies first, with their oldest copy.
 * With `viewerId`, the players the viewer blocked are left out (issue 46: no trades with them);
 * those who blocked the viewer stay, since a block is its maker's private choice.
 */
export async function ownersOf(db: Db, identity: CardIdentity, limit = 200, viewerId?: number) {
  const groups: Array<{ user_id: number; card_id: number; count: number | string }> = await db("cards")
    .modify((q) => {
      if (viewerId !== undefined) {
        q.whereNotExists((b) => b.select(db.raw("1")).from("player_blocks as b").where("b.blocker_id", viewerId).andWhereRaw("b.blocked_id = cards.user_id"));
      }
    })
    .where(cardIdentityColumns(identity))
    .groupBy("user_id")
    .select("user_id")
    .count("* as count")
    .min("id as card_id")
    .orderBy([{ column: "count", order: "desc" }, { column: "user_id" }])
    .limit(limit) as any;
  if (!groups.length) return [];
  const [users, cards] = await Promise.all([
    db("users").whereIn("id", groups.map((g) => g.user_id)).select("id", "display_name"),
    Card.query(db).whereIn("id", groups.map((g) => g.card_id)),
  ]);
  const userById = new Map(users.map((u: { id: number; display_name: string | null }) => [u.id, { id: u.id, ...publicUser(u) }]));
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return groups.map((g) => ({ user: userById.get(g.user_id)!, card: cardById.get(g.card_id)!, count: Number(g.count) }));
}
