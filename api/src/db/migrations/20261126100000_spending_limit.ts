import type { Knex } from "knex";

// Issue 16, RULES.md Spending limit: the player's monthly limit and a raise or removal waiting
// for its 24 hours (pending_limit_at set; pending_limit_cents null means "no limit").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.integer("monthly_limit_cents").nullable();
    t.integer("pending_limit_cents").nullable();
    t.timestamp("pending_limit_at", { useTz: true }).nullable();
  });
  // The month's total reads the player's purchases through the existing (user_id, created_at) index.
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("monthly_limit_cents");
    t.dropColumn("pending_limit_cents");
    t.dropColumn("pending_limit_at");
  });
}
