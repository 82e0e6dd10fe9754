// Issue 48, trade finder: the wishlist, keep settings and the matches switch. Each command owns
// its transaction; the player's row lock serialises their wishlist changes, so the 200-card cap
// holds under parallel requests.
import type { KeepBody } from "../contract/tradeFinder.ts";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { points } from "../game/rarity.ts";
import type { Card } from "../game/sets.ts";
import { WISHLIST_MAX, isCatalogueCard } from "../game/tradeFinder.ts";
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
    // The points go with the wish: the matches statement ranks by them (migration 20261129500000).
    await trx("trade_wishes").insert({ ...where, points: points(card), created_at: now });
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

/** PUT: how many copies of a card to keep, or not for trade at all (keep 1 and for trade by default). Stored on the player's stack of that card. */
export async function setKeep(db: Db, userId: number, card: Card, body: KeepBody): Promise<{ keep: number; notForTrade: boolean }> {
  assertCard(card);
  const where = identityWhere(userId, card);
  const patch = { ...(body.keep !== undefined ? { keep_count: body.keep } : {}), ...(body.notForTrade !== undefined ? { not_for_trade: body.notForTrade } : {}) };
  // One statement: a stack of a card not owned yet is made with its settings, ready for the copies.
  const [row] = await db("card_stacks")
    .insert({ ...where, ...patch })
    .onConflict(["user_id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"])
    .merge(Object.keys(patch))
    .returning(["keep_count", "not_for_trade"]);
  return { keep: Number(row.keep_count), notForTrade: Boolean(row.not_for_trade) };
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
