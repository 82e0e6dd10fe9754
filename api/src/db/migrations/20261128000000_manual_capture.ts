import type { Knex } from "knex";

// Issue 43, RULES.md Spending limit: card payments are authorized, then captured by the server
// after its limit check. A purchase can be 'refused' (authorized, the capture refused and the hold
// released); open checkouts (pending or declined) reserve whatever their age until the sweep ends
// them; the month counts payments by their capture time (completed_at). ended_at marks a checkout
// ended at the provider: an ended declined checkout still reads Failed in the history but no
// longer reserves.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE purchases DROP CONSTRAINT purchases_status");
  await knex.raw("ALTER TABLE purchases ADD CONSTRAINT purchases_status CHECK (status IN ('pending', 'completed', 'failed', 'refused', 'refunded', 'disputed', 'abandoned'))");
  await knex.raw("UPDATE purchases SET completed_at = created_at WHERE completed_at IS NULL AND status IN ('completed', 'refunded', 'disputed')");
  await knex.schema.alterTable("purchases", (t) => t.timestamp("ended_at", { useTz: true }).nullable());
  // The sweep's look-up of open checkouts by age, across players.
  await knex.raw("CREATE INDEX purchases_open_by_age ON purchases (created_at) WHERE status IN ('pending', 'failed') AND ended_at IS NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX IF EXISTS purchases_open_by_age");
  await knex.schema.alterTable("purchases", (t) => t.dropColumn("ended_at"));
  await knex.raw("UPDATE purchases SET status = 'abandoned' WHERE status = 'refused'");
  await knex.raw("ALTER TABLE purchases DROP CONSTRAINT purchases_status");
  await knex.raw("ALTER TABLE purchases ADD CONSTRAINT purchases_status CHECK (status IN ('pending', 'completed', 'failed', 'refunded', 'disputed', 'abandoned'))");
}
