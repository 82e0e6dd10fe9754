import type { Knex } from "knex";

// Issue 46, item 2: passkeys (WebAuthn). A player's credentials, and the challenges of the
// ceremonies in flight. Challenges live in the database, not in process memory, because several
// API processes share one database: the options come from one, the answer may reach another.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("passkeys", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    // The credential's id as the browser sends it (base64url); one credential, one account.
    t.string("credential_id", 1400).notNullable().unique();
    // The COSE public key the authenticator registered.
    t.binary("public_key").notNullable();
    // The authenticator's signature counter (0 for those that do not count); a clone is one that
    // answers with a count not above the stored one.
    t.bigInteger("counter").notNullable().defaultTo(0);
    t.jsonb("transports").notNullable().defaultTo("[]");
    t.string("name", 40).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("last_used_at", { useTz: true }).nullable();
    t.index(["user_id"]);
  });
  await knex.schema.createTable("webauthn_challenges", (t) => {
    // The challenge itself (base64url of 32 random bytes): what the browser signs and sends back.
    t.string("challenge", 100).primary();
    t.string("purpose", 20).notNullable();
    // Registration and confirmation challenges belong to the signed-in player; sign-in ones to nobody.
    t.integer("user_id").nullable().references("users.id").onDelete("CASCADE");
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["expires_at"]);
  });
  await knex.raw(`ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenge_purpose CHECK (purpose IN ('register', 'sign_in', 'confirm'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("webauthn_challenges");
  await knex.schema.dropTableIfExists("passkeys");
}
