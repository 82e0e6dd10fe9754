import type { Knex } from "knex";

// Issue 48 (trade finder): wishlists, keep settings and the "show me in others' matches" switch.
//
// Spares are not stored: they are derived at match time from the cards themselves (copies of an
// identity beyond the kept count, less the copies in open offers). The pack opener's one prepared
// statement is untouched, so opening packs pays nothing for the trade finder beyond the index
// below, which replaces cards_identity with the same columns plus user_id (as many indexes on
// cards as before; "which players hold identity X, how many copies each" becomes an index-only
// scan instead of a heap visit per copy).
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.boolean("show_in_matches").notNullable().defaultTo(true);
  });

  await knex.schema.createTable("trade_wishes", (t) => {
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("character", 40).notNullable();
    t.string("background", 40).notNullable();
    t.smallint("set").notNullable();
    t.boolean("is_holo").notNullable();
    t.boolean("is_glitch").notNullable();
    t.boolean("is_dark_holo").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // One wish per player per identity; also "my wishlist" in identity order.
    t.primary(["user_id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"]);
  });
  // "Who wants identity X": the matches query's other side.
  await knex.raw(`CREATE INDEX trade_wishes_identity ON trade_wishes (${IDENTITY}, user_id)`);

  await knex.schema.createTable("trade_keeps", (t) => {
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("character", 40).notNullable();
    t.string("background", 40).notNullable();
    t.smallint("set").notNullable();
    t.boolean("is_holo").notNullable();
    t.boolean("is_glitch").notNullable();
    t.boolean("is_dark_holo").notNullable();
    // Copies kept out of trading; no row means the default of 1.
    t.integer("keep_count").notNullable().defaultTo(1);
    t.boolean("not_for_trade").notNullable().defaultTo(false);
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["user_id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"]);
  });
  await knex.raw(`ALTER TABLE trade_keeps ADD CONSTRAINT trade_keeps_count_range CHECK (keep_count BETWEEN 0 AND 9999)`);

  await knex.raw(`CREATE INDEX cards_identity_owner ON cards (${IDENTITY}, user_id)`);
  await knex.raw(`DROP INDEX IF EXISTS cards_identity`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX IF NOT EXISTS cards_identity ON cards (${IDENTITY})`);
  await knex.raw(`DROP INDEX IF EXISTS cards_identity_owner`);
  await knex.schema.dropTableIfExists("trade_keeps");
  await knex.schema.dropTableIfExists("trade_wishes");
  await knex.schema.alterTable("users", (t) => t.dropColumn("show_in_matches"));
}
