import type { Knex } from "knex";

// Issue 45: every pack carries its revealed server seed (the pull history and its export), found
// by the player and the pack's commitment: one index probe per pack instead of a scan of the
// player's reveals (a player who rotates after every pack has as many reveals as packs).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX fairness_reveals_seed ON fairness_reveals (user_id, server_seed_hash)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS fairness_reveals_seed`);
}
