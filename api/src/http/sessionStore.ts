import type { Db } from "../db/knex.ts";

/** Deletes expired sessions and rate-limit windows; run at start and then hourly. */
export async function pruneExpired(db: Db): Promise<void> {
  await db("sessions").where("expires_at", "<", db.fn.now()).delete();
  await db("rate_limits").where("window_start", "<", new Date(Date.now() - 24 * 60 * 60 * 1000)).delete();
}
