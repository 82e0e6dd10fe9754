import type { Knex } from "knex";
import { createStackAddFunction } from "./20261130100000_card_stacks_multi.ts";

// Issue 48, item 6: open-pack may lose at most 5% of its throughput to the trade finder's data.
// Counted in instructions (valgrind on a single-user PostgreSQL, bench/NOTES.md), the pack's
// statement cost 7.8% more with the stacks than without, and nearly all of it was the word to the
// cards' insert trigger, not the stacks: the CTE that computed it (the copies-held CTE then read
// twice, so materialised, an aggregate and set_config) +5.5%, the trigger's call +2.3%.
//
// Only packs add cards in the game, and a pack's statement already knows which of its cards is
// the player's second copy (it counts the copies held before, up to 2). So a pack raises those
// stacks itself, through card_stacks_raise, called from the statement's result only for such a
// card: a pack with none runs no more plan nodes than one without stacks. The insert trigger
// goes. Anything else that adds cards (tests, seeds, an operator) calls card_stacks_raise_held
// for the players it gave cards to; trades and deletions keep their triggers.
const IDENTITY = `character, background, "set", is_holo, is_glitch, is_dark_holo`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER cards_stack_add ON cards`);
  await knex.raw(`DROP FUNCTION card_stacks_add()`);
  // plpgsql, not sql: its statement is planned once per connection, not at every call.
  await knex.raw(`
    CREATE FUNCTION card_stacks_raise(p_user_id integer, p_character varchar, p_background varchar, p_set smallint,
      p_is_holo boolean, p_is_glitch boolean, p_is_dark_holo boolean) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO card_stacks (user_id, ${IDENTITY}, multi)
      VALUES (p_user_id, p_character, p_background, p_set, p_is_holo, p_is_glitch, p_is_dark_holo, true)
      ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET multi = true WHERE NOT card_stacks.multi;
      RETURN true;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION card_stacks_raise_held(p_user_ids integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO card_stacks (user_id, ${IDENTITY}, multi)
      SELECT user_id, ${IDENTITY}, true FROM cards WHERE user_id = ANY(p_user_ids)
      GROUP BY user_id, ${IDENTITY} HAVING count(*) >= 2
      ORDER BY user_id, ${IDENTITY}
      ON CONFLICT (user_id, ${IDENTITY}) DO UPDATE SET multi = true WHERE NOT card_stacks.multi
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP FUNCTION IF EXISTS card_stacks_raise(integer, varchar, varchar, smallint, boolean, boolean, boolean)`);
  await knex.raw(`DROP FUNCTION IF EXISTS card_stacks_raise_held(integer[])`);
  await createStackAddFunction(knex);
  await knex.raw(`CREATE TRIGGER cards_stack_add AFTER INSERT ON cards REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION card_stacks_add()`);
}
