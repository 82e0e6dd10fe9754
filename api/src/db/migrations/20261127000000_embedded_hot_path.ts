import type { Knex } from "knex";

// Issue 11: the pack's statement, cheaper where the embedded database (PostgreSQL compiled to
// WebAssembly, several times slower per operation) felt it most.
// 1. The row version's trigger runs only for updates that do not move the version themselves:
//    the pack's compare-and-swap sets it (and reads it back), which saves a PL/pgSQL call per
//    pack. Every other update of users still gets its bump from the trigger.
// 2. No planner statistics for the pull history's card list, seed hash and client seed: no query
//    filters or sorts on them (the seed hash's lookups go through its unique index), and sampling
//    the JSON made each ANALYZE of pulls ~100 ms where the embedded database runs one itself
//    every few seconds as the table grows, stalling every request meanwhile (18 ms without).
const NO_STATISTICS = ["cards", "server_seed_hash", "client_seed"];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER users_version ON users`);
  await knex.raw(`CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.version = OLD.version) EXECUTE FUNCTION users_bump_version()`);
  for (const column of NO_STATISTICS) await knex.raw(`ALTER TABLE pulls ALTER COLUMN ?? SET STATISTICS 0`, [column]);
}

export async function down(knex: Knex): Promise<void> {
  for (const column of NO_STATISTICS) await knex.raw(`ALTER TABLE pulls ALTER COLUMN ?? SET STATISTICS -1`, [column]);
  await knex.raw(`DROP TRIGGER users_version ON users`);
  await knex.raw(`CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_bump_version()`);
}
