// What the main thread and the embedded database's thread (pgliteThread.ts) say to each other,
// and the value parsers both kinds of embedded database use.

// int8 (bigint, count(*)) and numeric arrive as BigInt from PGlite; every value we keep fits in a
// double. DATE columns (reward periods) stay 'YYYY-MM-DD' strings: a Date would shift with the
// server's zone. knex.ts sets the same for PostgreSQL servers (node-pg).
export const INT8 = 20;
export const NUMERIC = 1700;
export const DATE = 1082;
export const PGLITE_PARSERS = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};

export type ThreadRequest =
  | { id: number; op: "query"; sql: string; params?: unknown[]; options?: Record<string, unknown> }
  | { id: number; op: "exec"; sql: string }
  | { id: number; op: "close" }
  /** Issue 47: from now on the thread posts every NOTIFY its session hears as a ThreadNotification (LISTEN itself goes through knex). */
  | { id: number; op: "notifications" };

/** A NOTIFY heard by the thread's LISTEN (no id: nobody waits for it). */
export type ThreadNotification = { notification: { channel: string; payload: string } };

/** id 0 is the thread's first message: the database is open (or could not be). */
export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };
