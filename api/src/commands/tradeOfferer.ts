import { publishTradeEvent } from "../events/tradeEvents.ts";
import { MSG } from "../contract/messages.ts";
import type { TradeOfferBody } from "../contract/trades.ts";
import type { Db } from "../db/knex.ts";
import { MAX_PENDING_SENT, tradeExpiresAt, type TradeUnlock } from "../game/trading.ts";
import { assertNotBlocked } from "../queries/chatSafety.ts";
import { assertMayTrade, assertNotFarming } from "../queries/tradeLimits.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { findTrade, pendingOffers, type TradeRow } from "../queries/trades.ts";
import { lockUser } from "../queries/users.ts";

/**
 * POST /trade/offer: one of the sender's cards for one of the recipient's. The sender's row lock
 * serialises their offers, so the 50-pending cap holds under parallel requests.
 */
export async function sendTradeOffer(db: Db, fromUserId: number, body: TradeOfferBody, unlock: TradeUnlock, now = new Date()): Promise<TradeRow> {
  const offeredCardId = body.offeredCardIds[0]!;
  if (body.toUserId === fromUserId) throw badRequest(MSG.tradeSelf);
  const id = await db.transaction(async (trx) => {
    await lockUser(trx, fromUserId);
    const recipient = await trx("users").where({ id: body.toUserId }).first("id");
    if (!recipient) throw notFound(MSG.tradeRecipientMissing);
    // Issue 46: no offers between two players when either blocked the other.
    await assertNotBlocked(trx, fromUserId, body.toUserId);
    const cards = await trx("cards").whereIn("id", [offeredCardId, body.requestedCardId]).select("id", "user_id");
    const ownerOf = (cardId: number) => cards.find((c: { id: number }) => c.id === cardId)?.user_id;
    if (ownerOf(offeredCardId) !== fromUserId) throw badRequest(MSG.tradeOfferedNotYours);
    if (ownerOf(body.requestedCardId) !== body.toUserId) throw badRequest(MSG.tradeRequestedNotTheirs);
    await assertMayTrade(trx, fromUserId, unlock, now);
    await assertNotFarming(trx, [fromUserId, body.toUserId], [offeredCardId, body.requestedCardId]);
    const mine = pendingOffers(trx, now).where("from_user_id", fromUserId);
    const pending = await mine.clone().count("* as n").first();
    if (Number(pending?.n ?? 0) >= MAX_PENDING_SENT) throw conflict(MSG.tradeTooManyPending);
    const same = await mine.clone().where({ to_user_id: body.toUserId, offered_card_id: offeredCardId, requested_card_id: body.requestedCardId }).first("id");
    if (same) throw conflict(MSG.tradeDuplicate);
    const [row] = await trx("trades")
      .insert({
        from_user_id: fromUserId,
        to_user_id: body.toUserId,
        offered_card_id: offeredCardId,
        requested_card_id: body.requestedCardId,
        status: "pending",
        created_at: now,
        updated_at: now,
        expires_at: tradeExpiresAt(now),
      })
      .returning("id");
    await publishTradeEvent(trx, { id: row.id, fromUserId, toUserId: body.toUserId }, "received", fromUserId);
    return row.id as number;
  });
  return (await findTrade(db, id))!;
}
