import type { Knex } from "knex";

// Payment intents of the built-in test provider (RULES.md, Store). Kept in the database like
// everything else, so any API process can confirm an intent another one created.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("test_payment_intents", (t) => {
    t.string("id", 64).primary();
    t.string("client_secret", 128).notNullable().unique();
    t.integer("amount_cents").notNullable();
    t.string("currency", 3).notNullable();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("package_id", 40).notNullable().references("packages.id");
    t.string("status", 24).notNullable().defaultTo("requires_payment_method");
    t.string("failure_message", 200).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("test_payment_intents");
}
