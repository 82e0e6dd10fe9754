import type { Db } from "../db/knex.ts";

/**
 * koa-session external store in the database: a restart or a second API process keeps every
 * player signed in. The session row also records its user so all of a player's sessions can go.
 */
export function createSessionStore(db: Db) {
  return {
    async get(key: string): Promise<Record<string, unknown> | undefined> {
      const row = await db("sessions").where({ id: key }).andWhere("expires_at", ">", db.fn.now()).first("data");
      return row?.data ?? undefined;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number | "session" | undefined): Promise<void> {
      const ttl = typeof maxAge === "number" ? maxAge : 24 * 60 * 60 * 1000;
      const userId = typeof data.userId === "number" ? data.userId : null;
      await db("sessions")
        .insert({ id: key, data: JSON.stringify(data), user_id: userId, expires_at: new Date(Date.now() + ttl) })
        .onConflict("id")
        .merge();
    },
    async destroy(key: string): Promise<void> {
      await db("sessions").where({ id: key }).delete();
    },
  };
}

/** Deletes expired sessions and rate-limit windows; run at start and then hourly. */
export async function pruneExpired(db: Db): Promise<void> {
  await db("sessions").where("expires_at", "<", db.fn.now()).delete();
  await db("rate_limits").where("window_start", "<", new Date(Date.now() - 24 * 60 * 60 * 1000)).delete();
}
