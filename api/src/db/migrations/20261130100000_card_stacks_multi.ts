import type { Knex } from "knex";
import { attachStackTriggers, createCopiesTriggers, createSpareIndexes } from "./20261129400000_card_stacks.ts";

// Issue 48, item 6: open-pack may lose at most 5% of its throughput to the trade finder's data.
// Keeping each stack's exact copies cost a pack ~16% (bench/NOTES.md, "card stacks' cost, taken
// apart"): every pack upserted three stacks, and even a read of card_stacks per pack was over the
// budget. A stack now stores whether its player holds 2 or more copies (`multi`), which changes
// only when a second copy arrives or the last but one leaves, so a player of thousands of cards,
// whose packs bring fifth and sixth copies, writes nothing more. Readers count the copies from
// cards where the exact spare matters (a player who keeps more than 1, or has copies in open offers).
//
// Triggers keep the flag for every change of cards: inserts, deletions and changes of owner
// (trades). A pack's statement, which already counts the copies held before (is the card new?),
// tells the insert trigger with a transaction-local setting, read without running any SQL, when
// none of its cards is a second copy: then the trigger has nothing to do (commands/packOpener.ts).
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;
const COLS = IDENTITY.split(", ");
const N = (a: string) => COLS.map((c) => `${a}.${c}`).join(", ");
const SAME = (a: string, b: string) => COLS.map((c) => `${a}.${c} = ${b}.${c}`).join(" AND ");
/** Player `g.user_id` holds 2 or more copies of `g`'s card, counting this statement's own changes. */
const HOLDS_TWO = (g: string) => `(SELECT count(*) FROM (SELECT 1 FROM cards c WHERE c.user_id = ${g}.user_id AND ${SAME("c", g)} LIMIT 2) x) >= 2`;
/** Spare holders as the partial indexes see them: 2 or more copies, or keeping none; for trade (queries/tradeFinder.ts's spareHint asks the same, so the indexes serve it). */
const SPARE_HINT = `(multi OR keep_count = 0) AND NOT not_for_trade`;

/** Sets the flag for the groups of `groups` (a subquery of user_id and identity) whose player now holds 2 or more. */
const raiseFor = (groups: string) => `
      INSERT INTO card_stacks (user_id, ${IDENTITY}, multi)
      SELECT g.user_id, ${N("g")}, true FROM (${groups}) g
      WHERE ${HOLDS_TWO("g")}
      ORDER BY g.user_id, ${N("g")}
      ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET multi = true WHERE NOT card_stacks.multi;`;
/** Clears the flag for the groups of `groups` whose player now holds fewer than 2. */
const lowerFor = (groups: string) => `
      UPDATE card_stacks s SET multi = false
      FROM (${groups}) g
      WHERE s.user_id = g.user_id AND ${SAME("s", "g")} AND s.multi AND NOT ${HOLDS_TWO("g")};`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER cards_stack_add ON cards`);
  await knex.raw(`DROP TRIGGER cards_stack_remove ON cards`);
  await knex.raw(`DROP TRIGGER cards_stack_move ON cards`);
  await knex.raw(`DROP FUNCTION card_stacks_add(), card_stacks_remove(), card_stacks_move()`);
  await knex.raw(`DROP INDEX card_stacks_spare`);
  await knex.raw(`DROP INDEX card_stacks_user_spare`);
  await knex.raw(`ALTER TABLE card_stacks ADD COLUMN multi boolean NOT NULL DEFAULT false`);
  await knex.raw(`UPDATE card_stacks SET multi = copies >= 2 WHERE copies >= 2`);
  await knex.raw(`ALTER TABLE card_stacks DROP COLUMN spare`);
  await knex.raw(`ALTER TABLE card_stacks DROP COLUMN copies`);
  // A stack that says nothing (one copy, the default settings) is the same as no stack.
  await knex.raw(`DELETE FROM card_stacks WHERE NOT multi AND keep_count = 1 AND NOT not_for_trade`);
  await knex.raw(`CREATE INDEX card_stacks_spare ON card_stacks (${IDENTITY}, user_id) WHERE ${SPARE_HINT}`);
  await knex.raw(`CREATE INDEX card_stacks_user_spare ON card_stacks (user_id) INCLUDE (${IDENTITY}, keep_count) WHERE ${SPARE_HINT}`);

  await createStackAddFunction(knex);
  await knex.raw(`
    CREATE FUNCTION card_stacks_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${lowerFor(`SELECT DISTINCT o.user_id, ${N("o")} FROM old_cards o`)}
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION card_stacks_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM old_cards o JOIN new_cards n ON n.id = o.id WHERE n.user_id <> o.user_id) THEN RETURN NULL; END IF;
      ${lowerFor(`SELECT DISTINCT o.user_id, ${N("o")} FROM old_cards o JOIN new_cards n ON n.id = o.id AND n.user_id <> o.user_id`)}
      ${raiseFor(`SELECT DISTINCT n.user_id, ${N("n")} FROM new_cards n JOIN old_cards o ON o.id = n.id AND o.user_id <> n.user_id`)}
      RETURN NULL;
    END $$`);
  await attachStackTriggers(knex);
}

/** The insert trigger's function of this migration (a later migration's down() restores it). */
export async function createStackAddFunction(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION card_stacks_add() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE cleared text;
    BEGIN
      -- A pack none of whose cards is a second copy (packOpener.ts): nothing to do; the next insert of this transaction is checked again.
      IF current_setting('foilbound.pack_stacks_kept', true) = 'on' THEN
        cleared := set_config('foilbound.pack_stacks_kept', '', true);
        RETURN NULL;
      END IF;
      ${raiseFor(`SELECT DISTINCT n.user_id, ${N("n")} FROM new_cards n`)}
      RETURN NULL;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  // Back to exact copies, counted again from the cards.
  for (const t of ["cards_stack_add", "cards_stack_remove", "cards_stack_move"]) await knex.raw(`DROP TRIGGER IF EXISTS ${t} ON cards`);
  await knex.raw(`DROP FUNCTION IF EXISTS card_stacks_add(), card_stacks_remove(), card_stacks_move()`);
  await knex.raw(`DROP INDEX IF EXISTS card_stacks_spare`);
  await knex.raw(`DROP INDEX IF EXISTS card_stacks_user_spare`);
  await knex.raw(`ALTER TABLE card_stacks DROP COLUMN multi`);
  await knex.raw(`ALTER TABLE card_stacks ADD COLUMN copies integer NOT NULL DEFAULT 0 CHECK (copies >= 0)`);
  await knex.raw(
    `ALTER TABLE card_stacks ADD COLUMN spare integer GENERATED ALWAYS AS (CASE WHEN not_for_trade THEN 0 ELSE greatest(copies - keep_count, 0) END) STORED`,
  );
  await knex.raw(`
    INSERT INTO card_stacks (user_id, ${IDENTITY}, copies)
    SELECT user_id, ${IDENTITY}, count(*) FROM cards GROUP BY user_id, ${IDENTITY}
    ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET copies = excluded.copies`);
  await createSpareIndexes(knex);
  await createCopiesTriggers(knex);
}
