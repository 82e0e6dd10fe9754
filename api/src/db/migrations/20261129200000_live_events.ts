import type { Knex } from "knex";

// Issue 47: the events of the last minutes, for the streams that reconnect with Last-Event-ID.
// Written in the transaction that makes the change (with its NOTIFY), so a rolled-back change
// leaves neither. `audience` null is everyone (chat); otherwise the players it concerns.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE UNLOGGED TABLE live_events (
      id bigserial PRIMARY KEY,
      audience integer[],
      type text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`CREATE INDEX live_events_created_at ON live_events (created_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("live_events");
}
