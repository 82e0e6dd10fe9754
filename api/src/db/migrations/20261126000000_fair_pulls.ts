import type { Knex } from "knex";
import { newFairnessState } from "../../lib/fairSeeds.ts";
import { SETS } from "../../game/sets.ts";

// Issue 15: provably fair pulls (RULES.md, Beyond SPEC.md).
// The player's seeds, nonce and pity counters live on users, so the pack's one compare-and-swap
// statement checks them with the row version: a pack is drawn with the seed and nonce the
// database holds, and a rotation in between makes the swap miss and the pack draw again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.string("server_seed", 64).nullable();
    t.string("server_seed_hash", 64).nullable();
    t.string("client_seed", 64).nullable();
    t.integer("fair_nonce").notNullable().defaultTo(0);
    // Packs of the set opened since its last Legendary or Mythic (RULES.md, Pity).
    for (const s of SETS) t.smallint(`set${s.id}_pity`).notNullable().defaultTo(0);
  });
  // Existing players get seeds from the operating system's random source, like new ones.
  for (;;) {
    const ids: number[] = (await knex("users").whereNull("server_seed").select("id").limit(1000)).map((r: { id: number }) => r.id);
    if (!ids.length) break;
    const rows = ids.map((id) => ({ id, ...newFairnessState() }));
    await knex.raw(
      `UPDATE users u SET server_seed = v.s, server_seed_hash = v.h, client_seed = v.c
       FROM (VALUES ${rows.map(() => "(?::int, ?, ?, ?)").join(", ")}) AS v(id, s, h, c) WHERE u.id = v.id`,
      rows.flatMap((r) => [r.id, r.serverSeed, r.serverSeedHash, r.clientSeed]),
    );
  }
  await knex.raw(`ALTER TABLE users ALTER COLUMN server_seed SET NOT NULL, ALTER COLUMN server_seed_hash SET NOT NULL, ALTER COLUMN client_seed SET NOT NULL`);

  // Revealed server seeds, newest first per player.
  await knex.raw(`
    CREATE TABLE fairness_reveals (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      server_seed varchar(64) NOT NULL,
      server_seed_hash varchar(64) NOT NULL,
      packs integer NOT NULL,
      revealed_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`CREATE INDEX fairness_reveals_user ON fairness_reveals (user_id, id DESC)`);

  // Every pack as it was drawn: its own copy of the cards (cards move on by trading), the
  // commitment, client seed and nonce it was drawn with, and whether the guarantee applied.
  // tiers is a bit set of the tiers in the pack (bit i = TIERS[i]) for the history's filter.
  // The key leads with the player: the one index serves the history's pages and the exports, so
  // a pack writes two index entries, not three (measured: open-pack is the hottest write).
  await knex.raw(`
    CREATE TABLE pulls (
      id bigint GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      "set" smallint NOT NULL,
      opened_at timestamptz NOT NULL,
      server_seed_hash varchar(64) NOT NULL,
      client_seed varchar(64) NOT NULL,
      nonce integer NOT NULL,
      pity boolean NOT NULL,
      tiers smallint NOT NULL,
      cards jsonb NOT NULL,
      PRIMARY KEY (user_id, id)
    )`);
  // One pack per seed and nonce, whatever races: the database says no to a second.
  await knex.raw(`CREATE UNIQUE INDEX pulls_seed_nonce ON pulls (server_seed_hash, nonce)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE IF EXISTS pulls`);
  await knex.raw(`DROP TABLE IF EXISTS fairness_reveals`);
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("server_seed");
    t.dropColumn("server_seed_hash");
    t.dropColumn("client_seed");
    t.dropColumn("fair_nonce");
    for (const s of SETS) t.dropColumn(`set${s.id}_pity`);
  });
}
