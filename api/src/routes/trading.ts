import { announceTradeScores } from "../events/tradeEvents.ts";
import Router from "@koa/router";
import type { Context } from "koa";
import { MSG } from "../contract/messages.ts";
import { isSaneDate } from "../contract/text.ts";
import { TradeOfferBody, type OwnerEntryDto, type TradeNotificationsDto, type UniqueCardDto } from "../contract/trades.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import { acceptTrade, closeTrade } from "../commands/tradeAccepter.ts";
import { sendTradeOffer } from "../commands/tradeOfferer.ts";
import { tierOf } from "../game/rarity.ts";
import { isValidSetId } from "../game/sets.ts";
import { requireAuth } from "../http/auth.ts";
import { freshForCostOf, staleWhileRevalidate } from "../lib/staleCache.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { presentCard } from "../presenters/card.ts";
import { presentTrade, presentTradeRecord } from "../presenters/trade.ts";
import { historyOf, openOffersOf, ownersOf, tradeNotifications, uniqueCards, type CardIdentity } from "../queries/trades.ts";

/** The `_empty_` placeholder of SPEC.md stands for a card without background. */
const EMPTY_BACKGROUND = "_empty_";

export function identityFromPath(p: Record<string, string | undefined>): CardIdentity {
  const flag = (v: string | undefined) => {
    if (v !== "true" && v !== "false") throw badRequest(MSG.badRequest);
    return v === "true";
  };
  const set = Number(p.set);
  if (!p.character || !isValidSetId(set)) throw badRequest(MSG.badRequest);
  return {
    character: p.character,
    background: p.background === EMPTY_BACKGROUND ? "" : (p.background ?? ""),
    set,
    isHolo: flag(p.isHolo),
    isGlitch: flag(p.isGlitch),
    isDarkHolo: flag(p.isDarkHolo),
  };
}

function tradeIdOf(ctx: Context): number {
  const raw = ctx.params.id;
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound(MSG.tradeNotFound);
  return Number(raw);
}

/** A "last viewed" time from the client: absent or unreadable means never; out of range is refused. */
function sinceOf(value: unknown): Date | null {
  if (typeof value !== "string" || !value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  if (!isSaneDate(d)) throw badRequest(MSG.dateOutOfRange);
  return d;
}

export function tradingRoutes(db: Db, config: Pick<Config, "tradeUnlock">) {
  const router = new Router();
  const auth = requireAuth(db);
  // Grouping every card in the game grows with the game: exact while it is cheap, then reused
  // for a while (a market listing may lag; owners and offers are always read fresh).
  const market = staleWhileRevalidate(freshForCostOf, async (): Promise<UniqueCardDto[]> => (await uniqueCards(db)).map((c) => ({ ...c, tier: tierOf(c) })));

  router.get("/trade/cards", auth, async (ctx) => {
    ctx.body = await market.get();
  });

  router.get("/trade/cards/:character/:background/:set/:isHolo/:isGlitch/:isDarkHolo/owners", auth, async (ctx) => {
    const owners = await ownersOf(db, identityFromPath(ctx.params), undefined, ctx.state.userId);
    const body: OwnerEntryDto[] = owners.map((o) => ({ user: o.user, card: presentCard(o.card), count: o.count }));
    ctx.body = body;
  });

  router.post("/trade/offer", auth, async (ctx) => {
    const trade = await sendTradeOffer(db, ctx.state.userId, parseBody(ctx, TradeOfferBody), config.tradeUnlock);
    ctx.status = 201;
    ctx.body = { success: true, trade: presentTrade(trade, new Date()) };
  });

  router.get("/trade/offers", auth, async (ctx) => {
    const now = new Date();
    ctx.set("Cache-Control", "no-cache");
    ctx.body = (await openOffersOf(db, ctx.state.userId, now)).map((r) => presentTradeRecord(r, now));
  });

  router.get("/trade/executed-history", auth, async (ctx) => {
    const now = new Date();
    ctx.set("Cache-Control", "no-cache");
    ctx.body = (await historyOf(db, ctx.state.userId, now)).map((r) => presentTradeRecord(r, now));
  });

  router.get("/trade/notifications", auth, async (ctx) => {
    const body: TradeNotificationsDto = await tradeNotifications(db, ctx.state.userId, new Date(), {
      sent: sinceOf(ctx.query.lastSentView),
      history: sinceOf(ctx.query.lastHistoryView),
    });
    ctx.set("Cache-Control", "no-cache");
    ctx.body = body;
  });

  router.post("/trade/:id/accept", auth, async (ctx) => {
    const trade = await acceptTrade(db, ctx.state.userId, tradeIdOf(ctx), config.tradeUnlock);
    await announceTradeScores(db, trade);
    ctx.body = { success: true, trade: presentTrade(trade, new Date()) };
  });

  router.post("/trade/:id/decline", auth, async (ctx) => {
    const trade = await closeTrade(db, ctx.state.userId, tradeIdOf(ctx), "decline");
    ctx.body = { success: true, trade: presentTrade(trade, new Date()) };
  });

  router.post("/trade/:id/cancel", auth, async (ctx) => {
    const trade = await closeTrade(db, ctx.state.userId, tradeIdOf(ctx), "cancel");
    ctx.body = { success: true, trade: presentTrade(trade, new Date()) };
  });

  return router;
}
