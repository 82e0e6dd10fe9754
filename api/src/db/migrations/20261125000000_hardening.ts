import type { Knex } from "knex";

// Issue 14: the schema behind the hardening rules.
export async function up(knex: Knex): Promise<void> {
  // The network a player signed up from (IPv4 /24 or IPv6 /64), for RULES.md's anti-farming rule.
  await knex.schema.alterTable("users", (t) => {
    t.string("signup_network", 50).nullable();
  });
  // A refunded or disputed purchase takes its coins back, so a balance may go below zero (and
  // then blocks spending until it is positive again).
  await knex.raw("ALTER TABLE users DROP CONSTRAINT users_coins_nonnegative");
  await knex.raw("ALTER TABLE users DROP CONSTRAINT users_gems_nonnegative");

  // One active battle per player: a new find-opponent resumes it. Older duplicates are closed first.
  await knex.raw(`
    UPDATE battles SET status = 'complete'
    WHERE status = 'active' AND id NOT IN (SELECT max(id) FROM battles WHERE status = 'active' GROUP BY user_id)`);
  await knex.raw("CREATE UNIQUE INDEX battles_one_active ON battles (user_id) WHERE status = 'active'");

  // Purchases: refunds and disputes reverse a credit; test-provider purchases are marked; one
  // unpaid checkout per player and package, decided by a unique index instead of read-then-write.
  await knex.schema.alterTable("purchases", (t) => {
    t.boolean("test").notNullable().defaultTo(false);
    t.integer("coins_reversed").notNullable().defaultTo(0);
    t.integer("gems_reversed").notNullable().defaultTo(0);
    t.timestamp("reversed_at", { useTz: true }).nullable();
  });
  await knex.raw("UPDATE purchases SET test = true WHERE provider = 'test'");
  await knex.raw("ALTER TABLE purchases DROP CONSTRAINT purchases_status");
  await knex.raw("ALTER TABLE purchases ADD CONSTRAINT purchases_status CHECK (status IN ('pending', 'completed', 'failed', 'refunded', 'disputed', 'abandoned'))");
  await knex.raw(`
    UPDATE purchases SET status = 'abandoned'
    WHERE status = 'pending' AND id NOT IN (SELECT max(id) FROM purchases WHERE status = 'pending' GROUP BY user_id, package_id)`);
  await knex.raw("CREATE UNIQUE INDEX purchases_one_unpaid ON purchases (user_id, package_id) WHERE status = 'pending'");
  // Accepted trades per player per UTC day (the anti-farming cap).
  await knex.schema.alterTable("trades", (t) => {
    t.timestamp("accepted_at", { useTz: true }).nullable();
  });
  await knex.raw("UPDATE trades SET accepted_at = updated_at WHERE status = 'accepted'");
  await knex.raw("CREATE INDEX trades_accepted_from ON trades (from_user_id, accepted_at) WHERE accepted_at IS NOT NULL");
  await knex.raw("CREATE INDEX trades_accepted_to ON trades (to_user_id, accepted_at) WHERE accepted_at IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX IF EXISTS trades_accepted_from");
  await knex.raw("DROP INDEX IF EXISTS trades_accepted_to");
  await knex.schema.alterTable("trades", (t) => t.dropColumn("accepted_at"));
  await knex.raw("DROP INDEX IF EXISTS purchases_one_unpaid");
  await knex.raw("ALTER TABLE purchases DROP CONSTRAINT purchases_status");
  await knex.raw("UPDATE purchases SET status = 'failed' WHERE status IN ('abandoned')");
  await knex.raw("UPDATE purchases SET status = 'completed' WHERE status IN ('refunded', 'disputed')");
  await knex.raw("ALTER TABLE purchases ADD CONSTRAINT purchases_status CHECK (status IN ('pending', 'completed', 'failed'))");
  await knex.schema.alterTable("purchases", (t) => {
    t.dropColumn("test");
    t.dropColumn("coins_reversed");
    t.dropColumn("gems_reversed");
    t.dropColumn("reversed_at");
  });
  await knex.raw("DROP INDEX IF EXISTS battles_one_active");
  await knex.raw("UPDATE users SET coins = greatest(coins, 0), gems = greatest(gems, 0)");
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_coins_nonnegative CHECK (coins >= 0)");
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_gems_nonnegative CHECK (gems >= 0)");
  await knex.schema.alterTable("users", (t) => t.dropColumn("signup_network"));
}
