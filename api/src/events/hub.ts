import { HEARTBEAT_MS, type LiveEventType } from "../contract/events.ts";
import type { Db } from "../db/knex.ts";
import { nextDue } from "./clock.ts";
import { readClockState } from "./clockState.ts";
import { listen, type Listener } from "./listener.ts";
import { announce } from "./publish.ts";
import { eventData } from "./replay.ts";
import type { LiveStream } from "./stream.ts";

interface Notified {
  id: number | null;
  audience: number[] | null;
  type: LiveEventType;
  data?: unknown;
}

export interface HubLog {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * The streams of one API process and their one LISTEN (issue 47). Whatever process commits a
 * change, every process hears its NOTIFY and passes it to the streams it holds for that event's
 * players (or all of them). It keeps no state another process needs: only its own open streams.
 */
export class EventHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private listener: Promise<Listener> | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly version: string,
    private readonly log: HubLog,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts listening if this is the process's first stream; the stream gets its hello. */
  async attach(stream: LiveStream): Promise<void> {
    await this.start();
    this.streams.add(stream);
    let mine = this.byUser.get(stream.userId);
    if (!mine) this.byUser.set(stream.userId, (mine = new Set()));
    mine.add(stream);
    stream.res.once("close", () => this.detach(stream));
    stream.send("hello", { version: this.version });
    this.heartbeat ??= setInterval(() => {
      for (const s of this.streams) s.comment("hb");
    }, HEARTBEAT_MS).unref();
    this.rewindClock(stream);
  }

  detach(stream: LiveStream): void {
    clearTimeout(stream.clockTimer);
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
    stream.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const s of [...this.streams]) this.detach(s);
    const listener = this.listener;
    this.listener = null;
    await (await listener?.catch(() => null))?.close();
  }

  private start(): Promise<Listener> {
    if (this.closed) return Promise.reject(new Error("the event hub is closed"));
    this.listener ??= listen(this.db, {
      onPayload: (payload) => void this.deliver(payload),
      onReconnected: () => {
        for (const s of this.streams) s.send("resync", { reason: "reconnected" });
      },
      onError: (err) => this.log.warn("event listener", { err: String(err) }),
    }).then(
      async (listener) => {
        // Streams of other processes hear that this version serves now (a deploy, or a restart).
        await announce(this.db, "deploy", { version: this.version }).catch(() => {});
        return listener;
      },
      (err) => {
        this.listener = null;
        throw err;
      },
    );
    return this.listener;
  }

  private async deliver(payload: string): Promise<void> {
    let event: Notified;
    try {
      event = JSON.parse(payload) as Notified;
    } catch {
      return;
    }
    if (event.type === "deploy" && (event.data as { version?: string })?.version === this.version) return;
    const targets = event.audience === null ? [...this.streams] : event.audience.flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    if (targets.length === 0) return;
    if (event.data === undefined && event.id !== null) event.data = await eventData(this.db, event.id).catch(() => undefined);
    if (event.data === undefined) return;
    for (const s of targets) s.send(event.type, event.data as never, event.id);
    // A change that concerns these players can move their clock (an offer made or settled, coins spent).
    if (event.audience !== null) for (const s of targets) this.rewindClock(s);
  }

  /** Sets the stream's timer to its player's next clock event (clock.ts). */
  private rewindClock(stream: LiveStream): void {
    const version = ++stream.clockVersion;
    clearTimeout(stream.clockTimer);
    const now = new Date();
    readClockState(this.db, stream.userId, now)
      .then((state) => {
        if (!state || version !== stream.clockVersion || !stream.isOpen) return;
        const due = nextDue(state, now);
        if (!due) return;
        stream.clockTimer = setTimeout(() => this.ring(stream, due.at), Math.max(0, due.at.getTime() - Date.now()));
        stream.clockTimer.unref();
      })
      .catch((err) => this.log.warn("event clock", { err: String(err) }));
  }

  /** The planned instant came: what is due then, read afresh (an offer accepted meanwhile no longer expires). */
  private ring(stream: LiveStream, at: Date): void {
    const version = stream.clockVersion;
    const justBefore = new Date(at.getTime() - 1);
    readClockState(this.db, stream.userId, justBefore)
      .then((state) => {
        if (!state || version !== stream.clockVersion || !stream.isOpen) return;
        const due = nextDue(state, justBefore);
        if (due && due.at.getTime() <= Date.now()) for (const e of due.events) stream.send(e.type, e.data as never);
        this.rewindClock(stream);
      })
      .catch((err) => this.log.warn("event clock", { err: String(err) }));
  }
}

const hubs = new WeakMap<Db, EventHub>();

/**
 * The process's hub for this database, made on first use. Closed with the database: knex's
 * destroy is wrapped so every way a server or a test closes its database ends the LISTEN too.
 */
export function eventHubOf(db: Db, version: string, log: HubLog): EventHub {
  let hub = hubs.get(db);
  if (hub) return hub;
  hub = new EventHub(db, version, log);
  hubs.set(db, hub);
  const client = db.client as { destroy(callback?: unknown): Promise<unknown> };
  const destroy = client.destroy.bind(client);
  const made = hub;
  client.destroy = async (callback?: unknown) => {
    await made.close().catch(() => {});
    return destroy(callback);
  };
  return hub;
}
