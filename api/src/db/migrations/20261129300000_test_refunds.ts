import type { Knex } from "knex";

// Issue 46, item 5: the operator's `refund` through the built-in test provider, which keeps what
// was given back of each payment as Stripe keeps it on the charge (amount_refunded).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("test_payment_intents", (t) => {
    t.integer("amount_refunded").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("test_payment_intents", (t) => {
    t.dropColumn("amount_refunded");
  });
}
