import { publicNameOf } from "../contract/publicName.ts";
import type { TradeEventKind } from "../contract/events.ts";
import type { Db, Trx } from "../db/knex.ts";
import { rankMovesOf } from "./rankMoves.ts";
import { publishEvent } from "./publish.ts";

/** An offer changed: both its players hear it, with the public name of the one who acted. */
export async function publishTradeEvent(trx: Trx, trade: { id: number; fromUserId: number; toUserId: number }, kind: TradeEventKind, actorId: number): Promise<void> {
  const actor = await trx("users").where({ id: actorId }).first("id", "display_name");
  const by = actor ? publicNameOf({ id: actor.id, displayName: actor.display_name }) : null;
  await publishEvent(trx, "trade", { kind, tradeId: trade.id, by }, [trade.fromUserId, trade.toUserId]);
}

/** An accepted trade moved both players' scores by the cards' difference: their span goes to the rank batch. */
export async function announceTradeScores(db: Db, trade: { fromUserId: number; toUserId: number; offeredCardId: number; requestedCardId: number }): Promise<void> {
  const cards = await db("cards").whereIn("id", [trade.offeredCardId, trade.requestedCardId]).select("id", "points");
  const pointsOf = (id: number) => Number(cards.find((c: { id: number }) => c.id === id)?.points ?? 0);
  const delta = pointsOf(trade.requestedCardId) - pointsOf(trade.offeredCardId);
  if (delta === 0) return;
  const players = await db("users").whereIn("id", [trade.fromUserId, trade.toUserId]).select("id", "total_score");
  for (const p of players as Array<{ id: number; total_score: number }>) {
    const now = Number(p.total_score);
    // The sender gained the difference, the recipient lost it.
    rankMovesOf(db).moved(p.id, p.id === trade.fromUserId ? now - delta : now + delta, now);
  }
}
