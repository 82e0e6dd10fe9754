import type { Knex } from "knex";

// Issue 11: the pack opener's writes.
// 1. The "is this card new" check gets an exact index (the player's copies of one identity), so
//    it reads the matching rows only; it also serves everything (user_id, character) served.
// 2. Player updates stay HOT: the score index moves off users to a narrow player_scores table
//    kept by a trigger, so an update of the player's row (every pack) touches no index of users
//    and PostgreSQL can rewrite the row in place. users keeps free space on each page for that.
//    The trigger also keeps the leaderboard's player count, which had a trigger of its own.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX cards_owner_identity ON cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo)`);
  await knex.raw(`DROP INDEX IF EXISTS cards_user_id_character_index`);

  await knex.raw(`
    CREATE TABLE player_scores (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      total_score bigint NOT NULL,
      card_count integer NOT NULL
    )`);
  await knex.raw(`INSERT INTO player_scores (user_id, total_score, card_count) SELECT id, total_score, card_count FROM users`);
  await knex.raw(`CREATE INDEX player_scores_leaderboard ON player_scores (total_score DESC, user_id ASC) WHERE card_count > 0`);
  await knex.raw(`DROP INDEX IF EXISTS users_leaderboard`);

  await knex.raw(`DROP TRIGGER IF EXISTS users_player_count ON users`);
  await knex.raw(`DROP FUNCTION IF EXISTS users_count_players()`);
  await knex.raw(`
    CREATE FUNCTION users_sync_score() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      delta integer := 0;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO player_scores (user_id, total_score, card_count) VALUES (NEW.id, NEW.total_score, NEW.card_count);
        IF NEW.card_count > 0 THEN delta := 1; END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF OLD.card_count > 0 THEN delta := -1; END IF;
      ELSE
        IF NEW.total_score IS DISTINCT FROM OLD.total_score OR NEW.card_count IS DISTINCT FROM OLD.card_count THEN
          UPDATE player_scores SET total_score = NEW.total_score, card_count = NEW.card_count WHERE user_id = NEW.id;
        END IF;
        IF (OLD.card_count > 0) <> (NEW.card_count > 0) THEN
          delta := CASE WHEN NEW.card_count > 0 THEN 1 ELSE -1 END;
        END IF;
      END IF;
      IF delta <> 0 THEN
        UPDATE leaderboard_stats SET players = players + delta WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER users_sync_score AFTER INSERT OR DELETE OR UPDATE OF total_score, card_count ON users FOR EACH ROW EXECUTE FUNCTION users_sync_score()`);

  // Room on each page for the new version of a row: what a HOT update needs. Applies to pages
  // written from now on (VACUUM FULL would rewrite the old ones; not worth a table lock here).
  await knex.raw(`ALTER TABLE users SET (fillfactor = 80)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE users RESET (fillfactor)`);
  await knex.raw(`DROP TRIGGER IF EXISTS users_sync_score ON users`);
  await knex.raw(`DROP FUNCTION IF EXISTS users_sync_score()`);
  await knex.raw(`DROP TABLE IF EXISTS player_scores`);
  await knex.raw(`CREATE INDEX users_leaderboard ON users (total_score DESC, id ASC) WHERE card_count > 0`);
  await knex.raw(`
    CREATE FUNCTION users_count_players() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      delta integer := 0;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.card_count > 0 THEN delta := 1; END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF OLD.card_count > 0 THEN delta := -1; END IF;
      ELSIF (OLD.card_count > 0) <> (NEW.card_count > 0) THEN
        delta := CASE WHEN NEW.card_count > 0 THEN 1 ELSE -1 END;
      END IF;
      IF delta <> 0 THEN
        UPDATE leaderboard_stats SET players = players + delta WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER users_player_count AFTER INSERT OR DELETE OR UPDATE OF card_count ON users FOR EACH ROW EXECUTE FUNCTION users_count_players()`);
  await knex.raw(`CREATE INDEX cards_user_id_character_index ON cards (user_id, character)`);
  await knex.raw(`DROP INDEX IF EXISTS cards_owner_identity`);
}
