import pg from "pg";
import { EVENTS_CHANNEL } from "../contract/events.ts";
import { pgliteOf, type Db } from "../db/knex.ts";

export interface Listener {
  close(): Promise<void>;
}

export interface ListenerHooks {
  /** A NOTIFY's payload on the events channel. */
  onPayload(payload: string): void;
  /** The link to the database dropped and is back: what was sent meanwhile was not heard. */
  onReconnected(): void;
  onError(err: unknown): void;
}

const RETRY_MS = [250, 1000, 2000, 5000];

/**
 * One LISTEN per API process (issue 47). On a PostgreSQL server it is a connection of its own,
 * outside knex's pool (a pooled connection is handed to other queries between statements); when
 * it drops, it reconnects with backoff and says so, as the streams may have missed events. The
 * embedded database has one session: LISTEN goes through knex (never inside a transaction in
 * progress) and PGlite hands over every notification that session hears.
 */
export async function listen(db: Db, hooks: ListenerHooks): Promise<Listener> {
  const pglite = pgliteOf(db);
  if (pglite) {
    const off = pglite.onNotification((channel, payload) => {
      if (channel === EVENTS_CHANNEL) hooks.onPayload(payload);
    });
    await db.raw(`LISTEN ${EVENTS_CHANNEL}`);
    return {
      async close() {
        off();
      },
    };
  }
  const connection = db.client.config.connection as string | pg.ClientConfig;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client(typeof connection === "string" ? { connectionString: connection } : connection);
    next.on("notification", (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload !== undefined) hooks.onPayload(msg.payload);
    });
    next.on("error", (err) => {
      hooks.onError(err);
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    if (isReconnect) hooks.onReconnected();
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = null;
    which.removeAllListeners("end");
    void which.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    const delay = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).catch((err) => {
        hooks.onError(err);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  await connect(false);
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
