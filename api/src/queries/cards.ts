import type { Db } from "../db/knex.ts";
import { Card } from "../models/Card.ts";

/** Every card the player owns, newest first. */
export async function collectionOf(db: Db, userId: number): Promise<Card[]> {
  return await Card.query(db).where("user_id", userId).orderBy("id", "desc");
}
