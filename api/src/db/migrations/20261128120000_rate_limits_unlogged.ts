import type { Knex } from "knex";

// Issue 45: every heavy read of a player (collection, pull history, exports, leaderboard pages)
// now counts against a rate kept in rate_limits, so that table takes a write per read. Logged,
// each of those commits waited for the write-ahead log's flush to disk: measured on PostgreSQL
// here, an upsert took 2.7-3.9 ms at the median (p99 37-100 ms under load) against 0.4-0.9 ms
// unlogged. The counters are worth no flush: after a crash PostgreSQL empties an unlogged table,
// which only starts every window again (at most 5 minutes of sign-in attempts).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE rate_limits SET UNLOGGED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE rate_limits SET LOGGED`);
}
