import type { Knex } from "knex";

// Issue 46, item 1: single-use links sent by e-mail (password reset, e-mail change confirmation)
// and printed by the admin CLI. Only the SHA-256 of a link's token is kept: a copy of the
// database does not hold working links.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("account_tokens", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("purpose", 20).notNullable();
    t.string("token_hash", 64).notNullable().unique();
    // The address an e-mail change confirms (purpose 'email_change' only).
    t.string("new_email", 254).nullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["user_id", "purpose"]);
  });
  await knex.raw(`ALTER TABLE account_tokens ADD CONSTRAINT account_token_purpose CHECK (purpose IN ('password_reset', 'email_change'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("account_tokens");
}
