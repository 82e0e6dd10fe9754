import type { Knex } from "knex";

// Issue 48, item 6 (scale): matches read stored spares instead of grouping every holder's cards.
//
// card_stacks holds, per player and card identity, how many copies the player has, how many they
// keep (trade_keeps' settings move here: one row per stack) and the spare count derived from both.
// Triggers on cards keep `copies` right in the same statement as any insert, delete or change of
// owner (a pack, Open 10, a trade, an account deletion, an admin grant): no code path can forget
// it, and a rolled-back change rolls its count back. They are statement triggers over transition
// tables: one grouped upsert per statement, so a pack of 5 cards costs one extra write, not five.
//
// The partial indexes keep only stacks with a spare copy (a fifth of them in the bench): "who has a
// spare of identity X" and "what can player P spare" walk those instead of every copy.
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;
const N = (a: string) => IDENTITY.split(", ").map((c) => `${a}.${c}`).join(", ");

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE card_stacks (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      character varchar(40) NOT NULL,
      background varchar(40) NOT NULL,
      "set" smallint NOT NULL,
      is_holo boolean NOT NULL,
      is_glitch boolean NOT NULL,
      is_dark_holo boolean NOT NULL,
      copies integer NOT NULL DEFAULT 0 CHECK (copies >= 0),
      keep_count integer NOT NULL DEFAULT 1 CHECK (keep_count BETWEEN 0 AND 9999),
      not_for_trade boolean NOT NULL DEFAULT false,
      spare integer GENERATED ALWAYS AS (CASE WHEN not_for_trade THEN 0 ELSE greatest(copies - keep_count, 0) END) STORED,
      PRIMARY KEY (user_id, ${IDENTITY})
    )`);
  await createSpareIndexes(knex);
  await createCopiesTriggers(knex);

  // Today's cards and keep settings.
  await knex.raw(`
    INSERT INTO card_stacks (user_id, ${IDENTITY}, copies)
    SELECT user_id, ${IDENTITY}, count(*) FROM cards GROUP BY user_id, ${IDENTITY}`);
  await knex.raw(`
    INSERT INTO card_stacks (user_id, ${IDENTITY}, keep_count, not_for_trade)
    SELECT user_id, ${IDENTITY}, keep_count, not_for_trade FROM trade_keeps
    ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET keep_count = excluded.keep_count, not_for_trade = excluded.not_for_trade`);
  await knex.schema.dropTable("trade_keeps");
}

/** The partial indexes over stacks with a spare copy (also the next migration's way back). */
export async function createSpareIndexes(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX card_stacks_spare ON card_stacks (${IDENTITY}, user_id) INCLUDE (spare) WHERE spare > 0`);
  // A candidate's spares, read without visiting the table (the primary key would visit every stack).
  await knex.raw(`CREATE INDEX card_stacks_user_spare ON card_stacks (user_id) INCLUDE (${IDENTITY}, spare) WHERE spare > 0`);
}

/** The triggers that keep `copies` (also the next migration's way back). */
export async function createCopiesTriggers(knex: Knex): Promise<void> {
  // Copies of cards moving in (by statement, grouped; ordered so that two statements lock in one order).
  await knex.raw(`
    CREATE FUNCTION card_stacks_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO card_stacks (user_id, ${IDENTITY}, copies)
      SELECT n.user_id, ${N("n")}, count(*) FROM new_cards n
      GROUP BY n.user_id, ${N("n")} ORDER BY n.user_id, ${N("n")}
      ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET copies = card_stacks.copies + excluded.copies;
      RETURN NULL;
    END $$`);
  // Copies moving out. Only existing stacks are touched: when an account is deleted, its stacks
  // may already be gone by the cascade, and nothing is to be inserted for it.
  await knex.raw(`
    CREATE FUNCTION card_stacks_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE card_stacks s SET copies = greatest(s.copies - o.n, 0)
      FROM (SELECT o.user_id, ${N("o")}, count(*) AS n FROM old_cards o GROUP BY o.user_id, ${N("o")}) o
      WHERE s.user_id = o.user_id AND ${IDENTITY.split(", ").map((c) => `s.${c} = o.${c}`).join(" AND ")};
      RETURN NULL;
    END $$`);
  // A change of owner (a trade) moves one copy from the old owner's stack to the new one's.
  await knex.raw(`
    CREATE FUNCTION card_stacks_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM old_cards o JOIN new_cards n ON n.id = o.id WHERE n.user_id <> o.user_id) THEN RETURN NULL; END IF;
      UPDATE card_stacks s SET copies = greatest(s.copies - o.n, 0)
      FROM (SELECT o.user_id, ${N("o")}, count(*) AS n FROM old_cards o JOIN new_cards m ON m.id = o.id AND m.user_id <> o.user_id
            GROUP BY o.user_id, ${N("o")}) o
      WHERE s.user_id = o.user_id AND ${IDENTITY.split(", ").map((c) => `s.${c} = o.${c}`).join(" AND ")};
      INSERT INTO card_stacks (user_id, ${IDENTITY}, copies)
      SELECT n.user_id, ${N("n")}, count(*) FROM new_cards n JOIN old_cards o ON o.id = n.id AND o.user_id <> n.user_id
      GROUP BY n.user_id, ${N("n")} ORDER BY n.user_id, ${N("n")}
      ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET copies = card_stacks.copies + excluded.copies;
      RETURN NULL;
    END $$`);
  await attachStackTriggers(knex);
}

/** The statement triggers on cards that call card_stacks_add, _remove and _move (whichever version of them is defined). */
export async function attachStackTriggers(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TRIGGER cards_stack_add AFTER INSERT ON cards REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION card_stacks_add()`);
  await knex.raw(`CREATE TRIGGER cards_stack_remove AFTER DELETE ON cards REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION card_stacks_remove()`);
  await knex.raw(
    `CREATE TRIGGER cards_stack_move AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION card_stacks_move()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable("trade_keeps", (t) => {
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("character", 40).notNullable();
    t.string("background", 40).notNullable();
    t.smallint("set").notNullable();
    t.boolean("is_holo").notNullable();
    t.boolean("is_glitch").notNullable();
    t.boolean("is_dark_holo").notNullable();
    t.integer("keep_count").notNullable().defaultTo(1);
    t.boolean("not_for_trade").notNullable().defaultTo(false);
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["user_id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"]);
  });
  await knex.raw(`
    INSERT INTO trade_keeps (user_id, ${IDENTITY}, keep_count, not_for_trade)
    SELECT user_id, ${IDENTITY}, keep_count, not_for_trade FROM card_stacks WHERE keep_count <> 1 OR not_for_trade`);
  for (const t of ["cards_stack_add", "cards_stack_remove", "cards_stack_move"]) await knex.raw(`DROP TRIGGER IF EXISTS ${t} ON cards`);
  for (const f of ["card_stacks_add", "card_stacks_remove", "card_stacks_move"]) await knex.raw(`DROP FUNCTION IF EXISTS ${f}()`);
  await knex.schema.dropTableIfExists("card_stacks");
}
