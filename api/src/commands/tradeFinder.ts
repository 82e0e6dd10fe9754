// Issue 48, trade finder: the wishlist, keep settings and the matches switch. Each command owns
// its transaction; the player's row lock serialises their wishlist changes, so the 200-card cap
// holds under parallel requests.
import type { KeepBody } from "../contract/tradeFinder.ts";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import type { Card } from "../game/sets.ts";
import { DEFAULT_KEEP, WISHLIST_MAX, isCatalogueCard } from "../game/tradeFinder.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { identityWhere } from "../queries/tradeFinder.ts";
import { lockUser } from "../queries/users.ts";

function assertCard(card: Card): void {
  if (!isCatalogueCard(card)) throw badRequest(MSG.tradeNotACard);
}

/** PUT: wants the card. Idempotent: a card already wanted stays as it was (even at the cap). */
export async function addWish(db: Db, userId: number, card: Card, now = new Date()): Promise<{ added: boolean; count: number }> {
  assertCard(card);
  return db.transaction(async (trx) => {
    await lockUser(trx, userId);
    const where = identityWhere(userId, card);
    const count = async () => Number((await trx("trade_wishes").where({ user_id: userId }).count("* as n").first())?.n ?? 0);
    if (await trx("trade_wishes").where(where).first("user_id")) return { added: false, count: await count() };
    if ((await count()) >= WISHLIST_MAX) throw conflict(MSG.tradeWishlistFull);
    await trx("trade_wishes").insert({ ...where, created_at: now });
    return { added: true, count: await count() };
  });
}

/** DELETE: no longer wants the card (also fine when it was not wanted). */
export async function removeWish(db: Db, userId: number, card: Card): Promise<{ removed: boolean }> {
  assertCard(card);
  const gone = await db("trade_wishes").where(identityWhere(userId, card)).delete().returning("user_id");
  return { removed: gone.length > 0 };
}

/** Drops the receivers' wishes for the cards a trade just gave them (inside the accept's transaction). */
export async function fulfilWishes(trx: Trx, received: Array<{ userId: number; card: Card }>): Promise<void> {
  for (const r of received) await trx("trade_wishes").where(identityWhere(r.userId, r.card)).delete();
}

/** PUT: how many copies of a card to keep, or not for trade at all. Keep 1 and for trade is the default (no row). */
export async function setKeep(db: Db, userId: number, card: Card, body: KeepBody, now = new Date()): Promise<{ keep: number; notForTrade: boolean }> {
  assertCard(card);
  return db.transaction(async (trx) => {
    const where = identityWhere(userId, card);
    const current = await trx("trade_keeps").where(where).forUpdate().first("keep_count", "not_for_trade");
    const keep = body.keep ?? (current ? Number(current.keep_count) : DEFAULT_KEEP);
    const notForTrade = body.notForTrade ?? (current ? Boolean(current.not_for_trade) : false);
    if (keep === DEFAULT_KEEP && !notForTrade) await trx("trade_keeps").where(where).delete();
    else await trx("trade_keeps").insert({ ...where, keep_count: keep, not_for_trade: notForTrade, updated_at: now }).onConflict(["user_id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"]).merge(["keep_count", "not_for_trade", "updated_at"]);
    return { keep, notForTrade };
  });
}

export async function finderSettingsOf(db: Db, userId: number): Promise<{ showInMatches: boolean }> {
  const row = await db("users").where({ id: userId }).first("show_in_matches");
  return { showInMatches: row ? Boolean(row.show_in_matches) : true };
}

/** Account Settings: "show me in others' matches". */
export async function setShowInMatches(db: Db, userId: number, showInMatches: boolean): Promise<{ showInMatches: boolean }> {
  await db("users").where({ id: userId }).update({ show_in_matches: showInMatches });
  return { showInMatches };
}
