import { REPLAY_WINDOW_MS, type LiveEventType } from "../contract/events.ts";
import type { Db } from "../db/knex.ts";

export interface StoredEvent {
  id: number;
  type: LiveEventType;
  data: any;
}

/**
 * Commits do not finish in id order: an event can get a lower id than one already sent and
 * commit after it. The replay starts this long before the last event the browser saw, and the
 * browser drops ids it has already applied.
 */
const COMMIT_SLACK_MS = 5000;

/**
 * The events a reconnecting stream missed (issue 47): those for this player or everyone, from a
 * little before the last one it saw (Last-Event-ID). `gap` when that event is older than the
 * replay window or unknown: the browser refetches what it shows instead.
 */
export async function eventsSince(db: Db, userId: number, lastId: number, now = new Date()): Promise<{ gap: true } | { gap: false; events: StoredEvent[] }> {
  const windowStart = new Date(now.getTime() - REPLAY_WINDOW_MS);
  const last = await db("live_events").where({ id: lastId }).first("created_at");
  if (!last || new Date(last.created_at) < windowStart) return { gap: true };
  const from = new Date(Math.max(windowStart.getTime(), new Date(last.created_at).getTime() - COMMIT_SLACK_MS));
  const rows = await db("live_events")
    .where("created_at", ">=", from)
    .andWhere("id", "<>", lastId)
    .andWhere((q) => q.whereNull("audience").orWhereRaw("? = ANY(audience)", [userId]))
    .orderBy("id")
    .limit(1000)
    .select("id", "type", "data");
  return { gap: false, events: rows.map((r: { id: number; type: LiveEventType; data: unknown }) => ({ id: Number(r.id), type: r.type, data: r.data })) };
}

/** One event's payload, for a NOTIFY too large to carry it. */
export async function eventData(db: Db, id: number): Promise<unknown> {
  const row = await db("live_events").where({ id }).first("data");
  return row?.data;
}

/** Events past the replay window; run with the other prunes. */
export async function pruneEvents(db: Db, now = new Date()): Promise<void> {
  await db("live_events").where("created_at", "<", new Date(now.getTime() - REPLAY_WINDOW_MS)).delete();
}
