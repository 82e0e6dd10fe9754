import { publishTradeEvent } from "../events/tradeEvents.ts";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { effectiveTradeStatus, type TradeUnlock } from "../game/trading.ts";
import { assertNotBlocked } from "../queries/chatSafety.ts";
import { assertMayTrade, assertNotFarming, assertUnderDailyCap } from "../queries/tradeLimits.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { findTrade, type TradeRow } from "../queries/trades.ts";
import { fulfilWishes } from "./tradeFinder.ts";
import { cardOfRow } from "../db/cardIdentity.ts";

/** Locks the offer and checks that it is the player's to answer and still open. */
async function lockOpenTrade(trx: Trx, tradeId: number, userId: number, role: "recipient" | "sender", now: Date): Promise<TradeRow> {
  const trade = await findTrade(trx, tradeId, { lock: true });
  if (!trade || (trade.fromUserId !== userId && trade.toUserId !== userId)) throw notFound(MSG.tradeNotFound);
  if (role === "recipient" && trade.toUserId !== userId) throw forbidden(MSG.tradeOnlyRecipient);
  if (role === "sender" && trade.fromUserId !== userId) throw forbidden(MSG.tradeOnlySender);
  const status = effectiveTradeStatus(trade.status, trade.expiresAt, now);
  if (status === "expired") throw conflict(MSG.tradeExpired);
  if (status !== "pending") throw conflict(MSG.tradeNotPending);
  return trade;
}

/**
 * POST /trade/{id}/accept, one transaction: lock the offer, then both cards and both players in
 * id order (so two accepts never wait on each other in a cycle), re-check both owners, swap the
 * cards, move the kept scores and mark the offer accepted. A card that moved fails the accept.
 */
export async function acceptTrade(db: Db, userId: number, tradeId: number, unlock: TradeUnlock, now = new Date()): Promise<TradeRow> {
  await db.transaction(async (trx) => {
    const trade = await lockOpenTrade(trx, tradeId, userId, "recipient", now);
    const cards = await trx("cards")
      .whereIn("id", [trade.offeredCardId, trade.requestedCardId])
      .orderBy("id")
      .forUpdate()
      .select("id", "user_id", "points", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo");
    const offered = cards.find((c: { id: number }) => c.id === trade.offeredCardId);
    const requested = cards.find((c: { id: number }) => c.id === trade.requestedCardId);
    if (!offered || offered.user_id !== trade.fromUserId) throw conflict(MSG.tradeOfferedGone);
    if (!requested || requested.user_id !== trade.toUserId) throw conflict(MSG.tradeRequestedGone);

    await trx("users").whereIn("id", [trade.fromUserId, trade.toUserId]).orderBy("id").forUpdate().select("id");
    await assertMayTrade(trx, userId, unlock, now);
    // An offer sent before a block cannot be accepted after it, either way (issue 46).
    await assertNotBlocked(trx, userId, trade.fromUserId);
    await assertUnderDailyCap(trx, userId, trade.fromUserId, now);
    await assertNotFarming(trx, [trade.fromUserId, trade.toUserId], [offered.id, requested.id]);
    await trx("cards").where({ id: offered.id }).update({ user_id: trade.toUserId });
    await trx("cards").where({ id: requested.id }).update({ user_id: trade.fromUserId });
    const delta = Number(requested.points) - Number(offered.points);
    // Both players' rows are written even when the scores do not move: the new row version makes a
    // pack opened meanwhile on its older view of the cards start again (packOpener.ts), so the
    // pack's "second copy" count (card stacks, issue 48) never misses a card this trade moved.
    await trx("users").where({ id: trade.fromUserId }).update({ total_score: trx.raw("total_score + ?", [delta]), updated_at: now });
    await trx("users").where({ id: trade.toUserId }).update({ total_score: trx.raw("total_score - ?", [delta]), updated_at: now });
    await trx("trades").where({ id: trade.id }).update({ status: "accepted", updated_at: now, accepted_at: now });
    // Issue 48: a wanted card received leaves the receiver's wishlist, in this same transaction.
    await fulfilWishes(trx, [
      { userId: trade.toUserId, card: cardOfRow(offered) },
      { userId: trade.fromUserId, card: cardOfRow(requested) },
    ]);
    await publishTradeEvent(trx, trade, "accepted", userId);
  });
  return (await findTrade(db, tradeId))!;
}

/** POST /trade/{id}/decline (recipient) and /cancel (sender): closes a pending offer. */
export async function closeTrade(db: Db, userId: number, tradeId: number, action: "decline" | "cancel", now = new Date()): Promise<TradeRow> {
  await db.transaction(async (trx) => {
    const trade = await lockOpenTrade(trx, tradeId, userId, action === "decline" ? "recipient" : "sender", now);
    await trx("trades").where({ id: trade.id }).update({ status: action === "decline" ? "declined" : "cancelled", updated_at: now });
    await publishTradeEvent(trx, trade, action === "decline" ? "declined" : "cancelled", userId);
  });
  return (await findTrade(db, tradeId))!;
}
