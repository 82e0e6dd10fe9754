import type { Db } from "../db/knex.ts";
import type { CardRow } from "../presenters/card.ts";

/** Cards per statement of a collection read. */
export const COLLECTION_PAGE = 500;

// A page of cards as one JSON text, built by the database, under the names the model gives the
// columns (presentCard's input). The embedded database spends most of a large read turning rows
// into objects and handing them to the main thread: 40 pages of 500 cards took 467-585 ms of its
// thread as rows, 198-263 ms as one text each (and ~15 ms of JSON.parse on the main thread,
// where the rows then also became models).
const PAGE_AS_JSON = `SELECT coalesce(json_agg(json_build_object(
    'id', id, 'userId', user_id, 'character', character, 'background', background, 'set', "set",
    'isHolo', is_holo, 'isGlitch', is_glitch, 'isDarkHolo', is_dark_holo, 'points', points, 'openedAt', opened_at
  ) ORDER BY id DESC), '[]')::text AS page
  FROM cards WHERE id = ANY(?::int[]) AND user_id = ?`;

/**
 * Every card the player owns, newest first, a page at a time: the ids first (one short text),
 * then the cards of 500 ids per statement by primary key. A 20,000-card collection in one
 * statement held the embedded database's one thread for ~0.5 s (executing it took 8 ms), and
 * every other player's statement waited behind it (issue 45); a page takes a few ms and theirs
 * run in between. Read as of the ids: a card traded away meanwhile is left out, one that arrives
 * comes with the next read.
 */
export async function* collectionPages(db: Db, userId: number, pageSize = COLLECTION_PAGE): AsyncGenerator<CardRow[]> {
  const { rows } = await db.raw(`SELECT string_agg(id::text, ',' ORDER BY id DESC) AS ids FROM cards WHERE user_id = ?`, [userId]);
  const ids: string = rows[0]?.ids ?? "";
  if (!ids) return;
  const all = ids.split(",");
  for (let i = 0; i < all.length; i += pageSize) {
    const { rows: page } = await db.raw(PAGE_AS_JSON, [`{${all.slice(i, i + pageSize).join(",")}}`, userId]);
    yield JSON.parse(page[0].page) as CardRow[];
  }
}
