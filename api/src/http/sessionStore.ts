import type { Db } from "../db/knex.ts";

/** Deletes expired sessions, rate-limit windows and spent or expired account links; run at start and then hourly. */
export async function pruneExpired(db: Db): Promise<void> {
  await db("sessions").where("expires_at", "<", db.fn.now()).delete();
  // A link works once and until it expires: a used or expired one is only a row.
  await db("account_tokens").where("expires_at", "<", db.fn.now()).orWhereNotNull("used_at").delete();
  await db("rate_limits").where("window_start", "<", new Date(Date.now() - 24 * 60 * 60 * 1000)).delete();
}
