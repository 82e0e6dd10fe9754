import type { Knex } from "knex";

// Issue 48, matches at scale: each shown pair asks for the other player's lowest-id free copy of a
// card (min(id) over their copies of it). With the card id in the player-and-card index, that is
// an index-only scan instead of a heap visit per copy: a fifth of the matches statement's time at
// 100,000 players. The pack opener's probe (owned before this pack?) reads the same index.
const IDENTITY = `user_id, character, background, "set", is_holo, is_glitch, is_dark_holo`;

async function rebuild(knex: Knex, include: string): Promise<void> {
  await knex.raw(`CREATE INDEX cards_owner_identity_next ON cards (${IDENTITY})${include}`);
  await knex.raw(`DROP INDEX cards_owner_identity`);
  await knex.raw(`ALTER INDEX cards_owner_identity_next RENAME TO cards_owner_identity`);
}

export async function up(knex: Knex): Promise<void> {
  await rebuild(knex, " INCLUDE (id)");
}

export async function down(knex: Knex): Promise<void> {
  await rebuild(knex, "");
}
