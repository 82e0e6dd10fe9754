import type { Knex } from "knex";

// The whole schema of SPEC.md section 3. Balances and counters carry CHECK constraints so that
// no bug in a command can leave a negative balance; uniqueness rules live in the database.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("users", (t) => {
    t.increments("id").primary();
    t.string("username", 20).notNullable();
    t.string("display_name", 20).nullable();
    t.string("email", 254).nullable();
    t.text("password_hash").notNullable();
    t.integer("coins").notNullable().defaultTo(10);
    t.integer("gems").notNullable().defaultTo(0);
    t.timestamp("last_coin_generation", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Per-period progress: the counters belong to the period in *_period; a stale period reads as 0.
    t.date("daily_period").nullable();
    t.integer("daily_logins").notNullable().defaultTo(0);
    t.integer("daily_packs_opened").notNullable().defaultTo(0);
    t.integer("daily_holos_found").notNullable().defaultTo(0);
    t.date("weekly_period").nullable();
    t.integer("weekly_packs_opened").notNullable().defaultTo(0);
    t.integer("weekly_holos_found").notNullable().defaultTo(0);
    t.integer("weekly_legendaries_found").notNullable().defaultTo(0);
    for (let set = 1; set <= 7; set++) t.integer(`set${set}_packs_opened`).notNullable().defaultTo(0);
    // Kept current by every write that adds or moves cards, so the leaderboard never sums cards.
    t.bigInteger("total_score").notNullable().defaultTo(0);
    t.integer("card_count").notNullable().defaultTo(0);
    // Bumped by a trigger on every update: lets hot paths write with compare-and-swap.
    t.integer("version").notNullable().defaultTo(0);
    t.date("battle_coins_day").nullable();
    t.integer("battle_coins_today").notNullable().defaultTo(0);
    t.timestamp("age_confirmed_at", { useTz: true }).notNullable();
    t.timestamp("terms_accepted_at", { useTz: true }).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await statements(knex, `
    ALTER TABLE users
      ADD CONSTRAINT users_coins_nonnegative CHECK (coins >= 0),
      ADD CONSTRAINT users_gems_nonnegative CHECK (gems >= 0),
      ADD CONSTRAINT users_username_format CHECK (username ~ '^[A-Za-z0-9_-]{2,20}$'),
      ADD CONSTRAINT users_display_name_format CHECK (display_name IS NULL OR display_name ~ '^[A-Za-z0-9_-]{2,20}$');
    CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username));
    CREATE UNIQUE INDEX users_display_name_lower_unique ON users (lower(display_name));
    CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email));
    CREATE INDEX users_leaderboard ON users (total_score DESC, id ASC) WHERE card_count > 0;
  `);
  await knex.raw(`
    CREATE FUNCTION users_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END $$
  `);
  await knex.raw(`CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_bump_version()`);

  await knex.schema.createTable("cards", (t) => {
    t.increments("id").primary();
    // A card belongs to exactly one user; trades move it by changing user_id.
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("character", 40).notNullable();
    t.string("background", 40).notNullable().defaultTo("");
    t.smallint("set").notNullable();
    t.boolean("is_holo").notNullable().defaultTo(false);
    t.boolean("is_glitch").notNullable().defaultTo(false);
    t.boolean("is_dark_holo").notNullable().defaultTo(false);
    t.integer("points").notNullable();
    t.timestamp("opened_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["user_id", "points"]);
    t.index(["user_id", "character"]);
    t.index(["character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"], "cards_identity");
  });
  await statements(knex, `
    ALTER TABLE cards
      ADD CONSTRAINT cards_set_range CHECK ("set" BETWEEN 1 AND 7),
      ADD CONSTRAINT cards_one_finish CHECK ((is_holo::int + is_glitch::int + is_dark_holo::int) <= 1),
      ADD CONSTRAINT cards_points_nonnegative CHECK (points >= 0);
  `);

  await knex.schema.createTable("reward_claims", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("reward_id", 40).notNullable();
    // First day of the period (the UTC day, or the Monday of the UTC week).
    t.date("period_start").notNullable();
    t.integer("coins").notNullable();
    t.timestamp("claimed_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(["user_id", "reward_id", "period_start"]);
  });

  await knex.schema.createTable("chat_messages", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("message", 500).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["created_at"]);
    t.index(["user_id", "created_at"]);
  });
  await statements(knex, `ALTER TABLE chat_messages ADD CONSTRAINT chat_message_length CHECK (char_length(message) BETWEEN 1 AND 500)`);

  await knex.schema.createTable("battles", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    // Null opponent: the house player, Arena Bot.
    t.integer("opponent_user_id").nullable().references("users.id").onDelete("SET NULL");
    t.string("player1_name", 40).notNullable();
    t.string("player2_name", 40).notNullable();
    t.integer("player1_rank").nullable();
    t.integer("player2_rank").nullable();
    t.smallint("player1_life").notNullable().defaultTo(3);
    t.smallint("player2_life").notNullable().defaultTo(3);
    t.smallint("current_round").notNullable().defaultTo(0);
    // The fielded champions and which of them have been played, as card snapshots.
    t.jsonb("player1_deck").notNullable();
    t.jsonb("player2_deck").notNullable();
    t.jsonb("rounds").notNullable().defaultTo("[]");
    t.string("status", 12).notNullable().defaultTo("active");
    t.integer("winner_user_id").nullable();
    t.integer("coins_paid").notNullable().defaultTo(0);
    t.timestamp("last_round_at", { useTz: true }).nullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["user_id", "created_at"]);
  });
  await statements(knex, `ALTER TABLE battles ADD CONSTRAINT battles_status CHECK (status IN ('active', 'complete'))`);

  await knex.schema.createTable("trades", (t) => {
    t.increments("id").primary();
    t.integer("from_user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.integer("to_user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.integer("offered_card_id").notNullable().references("cards.id").onDelete("CASCADE");
    t.integer("requested_card_id").notNullable().references("cards.id").onDelete("CASCADE");
    t.string("status", 12).notNullable().defaultTo("pending");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.index(["from_user_id", "status"]);
    t.index(["to_user_id", "status"]);
    t.index(["offered_card_id"]);
    t.index(["requested_card_id"]);
  });
  await statements(knex, `
    ALTER TABLE trades
      ADD CONSTRAINT trades_status CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
      ADD CONSTRAINT trades_not_self CHECK (from_user_id <> to_user_id);
  `);

  await knex.schema.createTable("packages", (t) => {
    t.string("id", 40).primary();
    t.string("name", 60).notNullable();
    t.string("type", 8).notNullable();
    t.integer("coins").notNullable().defaultTo(0);
    t.integer("gems").notNullable().defaultTo(0);
    t.integer("price_cents").notNullable();
    t.boolean("popular").notNullable().defaultTo(false);
    t.string("bonus", 40).nullable();
    t.integer("bonus_percentage").notNullable().defaultTo(0);
    t.integer("sort_order").notNullable().defaultTo(0);
    t.boolean("active").notNullable().defaultTo(true);
  });
  await statements(knex, `
    ALTER TABLE packages
      ADD CONSTRAINT packages_type CHECK (type IN ('coins', 'gems')),
      ADD CONSTRAINT packages_price_positive CHECK (price_cents > 0);
  `);

  await knex.schema.createTable("purchases", (t) => {
    t.increments("id").primary();
    // Purchase records outlive a deleted account (the privacy policy keeps them for accounting).
    t.integer("user_id").nullable().references("users.id").onDelete("SET NULL");
    t.string("package_id", 40).notNullable().references("packages.id");
    t.string("provider", 16).notNullable();
    // One purchase row per payment intent: fulfilment is idempotent on this key.
    t.string("payment_intent_id", 255).notNullable().unique();
    t.string("status", 12).notNullable().defaultTo("pending");
    t.integer("amount_cents").notNullable();
    t.integer("coins_awarded").notNullable().defaultTo(0);
    t.integer("gems_awarded").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("completed_at", { useTz: true }).nullable();
    t.index(["user_id", "created_at"]);
  });
  await statements(knex, `ALTER TABLE purchases ADD CONSTRAINT purchases_status CHECK (status IN ('pending', 'completed', 'failed'))`);

  await knex.schema.createTable("sessions", (t) => {
    t.string("id", 64).primary();
    t.jsonb("data").notNullable();
    t.integer("user_id").nullable().references("users.id").onDelete("CASCADE");
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.index(["expires_at"]);
    t.index(["user_id"]);
  });

  await knex.schema.createTable("rate_limits", (t) => {
    t.string("key", 200).notNullable();
    t.timestamp("window_start", { useTz: true }).notNullable();
    t.integer("hits").notNullable().defaultTo(0);
    t.primary(["key", "window_start"]);
    t.index(["window_start"]);
  });
}

/** PGlite runs one statement per query, so multi-statement SQL is split here. */
async function statements(knex: Knex, sql: string): Promise<void> {
  for (const statement of sql.split(/;\s*\n/).map((s) => s.trim().replace(/;$/, "")).filter(Boolean)) {
    await knex.raw(statement);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["rate_limits", "sessions", "purchases", "packages", "trades", "battles", "chat_messages", "reward_claims", "cards", "users"]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw("DROP FUNCTION IF EXISTS users_bump_version()");
}
