import type { Knex } from "knex";

// Issue 11: the leaderboard's best cards (and a player's champions) read a player's top cards by
// points. With (user_id, points) alone every card read was a heap visit, and a player's cards lie
// on as many pages as they have cards (50 players x 50 cards = 2,500 page reads per page of the
// board at 5M cards). The same key, highest points first, carrying every column the best cards
// need, answers from the index alone (index-only scan). It replaces the old index, so a pack
// still writes four indexes.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX cards_owner_best ON cards (user_id, points DESC) INCLUDE (character, background, "set", is_holo, is_glitch, is_dark_holo, id, opened_at)`);
  await knex.raw(`DROP INDEX IF EXISTS cards_user_id_points_index`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX cards_user_id_points_index ON cards (user_id, points)`);
  await knex.raw(`DROP INDEX IF EXISTS cards_owner_best`);
}
