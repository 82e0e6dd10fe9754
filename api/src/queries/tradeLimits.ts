import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { utcDayStart } from "../game/periods.ts";
import { ACCEPTED_TRADES_PER_DAY, canTrade, isLopsided, likelySameOwner, type TradeUnlock } from "../game/trading.ts";
import { SETS } from "../game/sets.ts";
import { forbidden, tooManyRequests } from "../http/errors.ts";

// RULES.md, Trading, anti-farming, checked inside the offer's and the accept's transactions
// (after the players' rows are locked, so parallel accepts cannot pass the daily cap together).

const PACK_COLUMNS = SETS.map((s) => `set${s.id}_packs_opened`);
/** Packs a player opened, as SQL over the users row (alias `u` optional): the unlock's count. */
export const packsOpenedSql = (alias = "") => `(${PACK_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c)).join(" + ")})`;

interface Trader {
  id: number;
  createdAt: Date;
  packsOpened: number;
  signupNetwork: string | null;
}

async function traders(trx: Db | Trx, ids: number[]): Promise<Map<number, Trader>> {
  const rows = await trx("users").whereIn("id", ids).select("id", "created_at", "signup_network", trx.raw(`(${PACK_COLUMNS.join(" + ")}) AS packs_opened`));
  return new Map(rows.map((r: Record<string, any>) => [r.id, { id: r.id, createdAt: new Date(r.created_at), packsOpened: Number(r.packs_opened), signupNetwork: r.signup_network }]));
}

/** The acting player may trade at all (account age and packs opened). */
export async function assertMayTrade(trx: Trx, userId: number, unlock: TradeUnlock, now: Date): Promise<void> {
  const me = (await traders(trx, [userId])).get(userId);
  if (!me || !canTrade(me, now, unlock)) throw forbidden(MSG.tradeLocked);
}

/** Refuses a lopsided swap between two accounts that look like one person's (same network, same week). */
export async function assertNotFarming(trx: Trx, userIds: [number, number], cardIds: [number, number]): Promise<void> {
  const cards = await trx("cards").whereIn("id", cardIds).select("id", "points");
  if (cards.length !== 2) return; // a missing card fails the trade with its own text
  if (!isLopsided(Number(cards[0].points), Number(cards[1].points))) return;
  const found = await traders(trx, userIds);
  const [a, b] = [found.get(userIds[0]), found.get(userIds[1])];
  if (a && b && likelySameOwner(a, b)) throw forbidden(MSG.tradeUnevenSameNetwork);
}

/** Both players are under today's cap of accepted trades (UTC day). */
/** Trades the player took part in that were accepted since the start of today (UTC). */
export async function acceptedToday(trx: Db | Trx, userId: number, now: Date): Promise<number> {
  const row = await trx("trades")
    .where((q) => q.where("from_user_id", userId).orWhere("to_user_id", userId))
    .andWhere("accepted_at", ">=", utcDayStart(now))
    .count("* as n")
    .first();
  return Number(row?.n ?? 0);
}

/** Why the player may not trade now (locked, or today's cap reached), or null. Issue 48: matches say so. */
export function tradeStandingOf(me: { createdAt: Date; packsOpened: number; acceptedToday: number } | null, now: Date, unlock: TradeUnlock): string | null {
  if (!me || !canTrade(me, now, unlock)) return MSG.tradeLocked;
  if (me.acceptedToday >= ACCEPTED_TRADES_PER_DAY) return MSG.tradeDailyLimit;
  return null;
}

export async function assertUnderDailyCap(trx: Trx, accepterId: number, otherId: number, now: Date): Promise<void> {
  const countFor = (userId: number) => acceptedToday(trx, userId, now);
  if ((await countFor(accepterId)) >= ACCEPTED_TRADES_PER_DAY) throw tooManyRequests(MSG.tradeDailyLimit);
  if ((await countFor(otherId)) >= ACCEPTED_TRADES_PER_DAY) throw tooManyRequests(MSG.tradeOtherDailyLimit);
}
