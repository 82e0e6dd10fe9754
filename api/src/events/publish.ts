import { EVENTS_CHANNEL, type LiveEventType, type LiveEvents } from "../contract/events.ts";
import type { Db, Trx } from "../db/knex.ts";

/** Who an event is for: every signed-in player, or these players. */
export type Audience = "everyone" | readonly number[];

/** NOTIFY's payload limit is 8000 bytes; a larger event goes by its id and is read from its row. */
const INLINE_LIMIT = 7000;

/**
 * Publishes an event inside the caller's transaction (issue 47): the row is kept for replay and
 * the NOTIFY is queued in the same statement. PostgreSQL delivers a NOTIFY only when its
 * transaction commits, so a change that rolls back sends nothing, and every API process listening
 * (listener.ts) hears it, whichever process made the change.
 */
export async function publishEvent<T extends LiveEventType>(trx: Trx, type: T, data: LiveEvents[T], audience: Audience): Promise<void> {
  await trx.raw(
    `WITH e AS (INSERT INTO live_events (audience, type, data) VALUES (?::integer[], ?, ?::jsonb) RETURNING id, audience, type, data)
     SELECT pg_notify(?, CASE WHEN length(data::text) <= ${INLINE_LIMIT}
       THEN json_build_object('id', id, 'audience', audience, 'type', type, 'data', data)::text
       ELSE json_build_object('id', id, 'audience', audience, 'type', type)::text END) FROM e`,
    [audience === "everyone" ? null : `{${audience.join(",")}}`, type, JSON.stringify(data), EVENTS_CHANNEL],
  );
}

/**
 * An event that needs no replay and no transaction (rank moves, a deploy): NOTIFY alone, sent at
 * once. Its receivers refetch what it names, so losing one on a reconnect costs only freshness.
 */
export async function announce<T extends LiveEventType>(db: Db, type: T, data: LiveEvents[T]): Promise<void> {
  await db.raw(`SELECT pg_notify(?, ?)`, [EVENTS_CHANNEL, JSON.stringify({ id: null, audience: null, type, data })]);
}
