import type { Knex } from "knex";

// The leaderboard's player count (players holding at least one card), kept by a trigger so a
// read is one row instead of a count over every player. It changes only when a player's card
// count leaves or reaches zero (a first pack, a deleted account), so the row is rarely written.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE leaderboard_stats (id smallint PRIMARY KEY CHECK (id = 1), players integer NOT NULL CHECK (players >= 0))`);
  await knex.raw(`INSERT INTO leaderboard_stats (id, players) SELECT 1, count(*) FROM users WHERE card_count > 0`);
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
    END $$
  `);
  await knex.raw(`CREATE TRIGGER users_player_count AFTER INSERT OR DELETE OR UPDATE OF card_count ON users FOR EACH ROW EXECUTE FUNCTION users_count_players()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER IF EXISTS users_player_count ON users`);
  await knex.raw(`DROP FUNCTION IF EXISTS users_count_players()`);
  await knex.raw(`DROP TABLE IF EXISTS leaderboard_stats`);
}
