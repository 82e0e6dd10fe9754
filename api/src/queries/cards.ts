import type { Db } from "../db/knex.ts";
import { Card } from "../models/Card.ts";

/** Cards per statement of a collection read. */
export const COLLECTION_PAGE = 500;

/**
 * Every card the player owns, newest first, a page at a time: the ids first (one short text),
 * then the cards of 500 ids per statement by primary key. A 20,000-card collection in one
 * statement held the embedded database's one thread for ~0.5 s (most of it turning rows into
 * objects and handing them across threads; executing it took 8 ms), and every other player's
 * statement waited behind it (issue 45); a page takes ~10 ms and theirs run in between. Read as
 * of the ids: a card traded away meanwhile is left out, one that arrives comes with the next read.
 */
export async function* collectionPages(db: Db, userId: number, pageSize = COLLECTION_PAGE): AsyncGenerator<Card[]> {
  const { rows } = await db.raw(`SELECT string_agg(id::text, ',' ORDER BY id DESC) AS ids FROM cards WHERE user_id = ?`, [userId]);
  const ids: string = rows[0]?.ids ?? "";
  if (!ids) return;
  const all = ids.split(",");
  for (let i = 0; i < all.length; i += pageSize) {
    const page = `{${all.slice(i, i + pageSize).join(",")}}`;
    yield await Card.query(db).whereRaw("id = ANY(?::int[])", [page]).where("user_id", userId).orderBy("id", "desc");
  }
}
