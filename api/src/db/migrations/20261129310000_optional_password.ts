import type { Knex } from "knex";

// Issue 46, item 2, "keep the password or not": a player with at least one passkey may remove
// their password and sign in with passkeys only; password_hash is null for such an account.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL");
}

// Going back, a passwordless account gets a hash nothing matches: it signs in with a reset link.
export async function down(knex: Knex): Promise<void> {
  await knex("users").whereNull("password_hash").update({ password_hash: "!" });
  await knex.raw("ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL");
}
