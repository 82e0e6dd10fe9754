import type { Knex } from "knex";
import { points } from "../../game/rarity.ts";

// Issue 48, matches at scale: a wanted card's points are stored with the wish (as cards store
// theirs), so the matches statement reads the wishlist itself. Before, the API read the wishlist,
// worked out the points and sent all 200 cards back as 30 kB of JSON on every call: two round
// trips and most of the request's cost in the API.
const IDENTITY = ["character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("trade_wishes", (t) => t.integer("points").nullable());
  // One update per card wanted (at most the catalogue's cards), from the game's own rule.
  const wanted: Array<Record<(typeof IDENTITY)[number], any>> = await knex("trade_wishes").distinct(...IDENTITY);
  for (const w of wanted) {
    const value = points({ character: w.character, background: w.background, set: Number(w.set), isHolo: w.is_holo, isGlitch: w.is_glitch, isDarkHolo: w.is_dark_holo });
    await knex("trade_wishes").where(w).update({ points: value });
  }
  await knex.raw(`ALTER TABLE trade_wishes ALTER COLUMN points SET NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("trade_wishes", (t) => t.dropColumn("points"));
}
