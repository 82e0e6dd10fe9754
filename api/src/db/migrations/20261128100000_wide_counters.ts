import type { Knex } from "knex";
import { SETS } from "../../game/sets.ts";

// Issue 45: no counter can overflow into a 500. The sums that grow as long as a player plays
// (cards held, packs of each set, coins and gems, the row version every write moves) become
// bigint, as total_score already was: an int stopped at 2^31 - 1, and the statement that went
// past it failed (a 10-pack open at card_count 2^31 - 10 answered 500). Both database kinds hand
// bigint back as a number (knex.ts, pgliteMessages.ts), exact up to 2^53.
// Counters that start again every day or week stay int, the nonce has its own bound
// (fairRandom.ts, MAX_NONCE), and a value that still does not fit is a 400 (http/errors.ts).
// One rewrite of users (and of player_scores), under its lock: a large table takes a while.
const USER_COUNTERS = ["coins", "gems", "card_count", "version", ...SETS.map((s) => `set${s.id}_packs_opened`)];

// A column a trigger names (its WHEN, its UPDATE OF list) cannot change type: both are made again.
const TRIGGERS = {
  drop: [`DROP TRIGGER users_version ON users`, `DROP TRIGGER users_sync_score ON users`],
  create: [
    `CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.version = OLD.version) EXECUTE FUNCTION users_bump_version()`,
    `CREATE TRIGGER users_sync_score AFTER INSERT OR DELETE OR UPDATE OF total_score, card_count ON users FOR EACH ROW EXECUTE FUNCTION users_sync_score()`,
  ],
};

async function retype(knex: Knex, type: "bigint" | "integer") {
  for (const sql of TRIGGERS.drop) await knex.raw(sql);
  await knex.raw(`ALTER TABLE users ${USER_COUNTERS.map((c) => `ALTER COLUMN ${c} TYPE ${type}`).join(", ")}`);
  await knex.raw(`ALTER TABLE player_scores ALTER COLUMN card_count TYPE ${type}`);
  for (const sql of TRIGGERS.create) await knex.raw(sql);
}

export async function up(knex: Knex): Promise<void> {
  await retype(knex, "bigint");
}

export async function down(knex: Knex): Promise<void> {
  await retype(knex, "integer");
}
