import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";
import type { ThreadNotification, ThreadReply, ThreadRequest } from "./pgliteMessages.ts";

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;

/**
 * The embedded database of a server (a data folder) on a thread of its own, with the part of
 * PGlite's interface knex-pglite uses (query, exec, close, waitReady), and the way in for
 * runPrepared's statements (execOutsideTransactions).
 *
 * Why: PGlite runs PostgreSQL (WebAssembly) and parses its answers on the thread that calls it.
 * In the server's process that was the thread running Koa too, so a pack's database time and its
 * HTTP time added up on one core: a profile under load put 53% of the process's CPU in PGlite.
 * On its own thread PostgreSQL works on one request while the main thread handles the next.
 * Statements still run one at a time, in the order sent (PGlite is one session; knex-pglite's
 * pool of one keeps transactions whole).
 */
export class PgliteOnThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed: Promise<void> | undefined;
  /** knex holds the session (one of its queries or transactions is under way): see knex.ts. */
  private heldByKnex = false;
  private onRelease: Array<() => void> = [];
  /** Why the thread is gone (a crash, or close): every later statement fails with it at once. */
  private gone: Error | undefined;
  private readonly listeners = new Set<(channel: string, payload: string) => void>();
  private forwarding: Promise<unknown> | undefined;

  constructor(dataDir: string) {
    // The thread's entry is TypeScript: a thread does not get tsx's loader from --import (Node 20
    // resolves its entry first), so a two-line bootstrap registers it and then imports the entry.
    const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
    const entry = JSON.stringify(new URL("./pgliteThread.ts", import.meta.url).href);
    const bootstrap = `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`;
    this.worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } });
    this.waitReady = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    // A reply that never comes must not hang a caller: a thread that dies fails what it held.
    this.worker.on("message", (reply: ThreadReply | ThreadNotification) => {
      if ("notification" in reply) for (const listener of this.listeners) listener(reply.notification.channel, reply.notification.payload);
      else this.settle(reply);
    });
    this.worker.on("error", (err) => this.failAll(err));
    this.worker.on("exit", (code) => this.failAll(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: Record<string, unknown>): Promise<Results<T>> {
    return this.send({ op: "query", sql, params, options }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.send({ op: "exec", sql }) as Promise<Results[]>;
  }

  /**
   * PGlite's onNotification across the thread (issue 47): every NOTIFY the session hears. The
   * thread may stay unref'd between queries: a NOTIFY only comes with a statement this process sent.
   */
  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.listeners.add(callback);
    this.forwarding ??= this.send({ op: "notifications" }).catch(() => {});
    return () => this.listeners.delete(callback);
  }

  /** Told by knex's pool: whether knex holds the session now. */
  setHeldByKnex(held: boolean): void {
    this.heldByKnex = held;
    if (!held) for (const wake of this.onRelease.splice(0)) wake();
  }

  /**
   * Runs statements that need no transaction of their own (the hot paths' prepared statements)
   * without taking knex's one connection: they go to the thread as soon as no knex query or
   * transaction holds the session, so they cannot land inside one, and queue there behind the
   * statements already sent. Waiting for knex's pool instead left the database idle for ~0.5 ms
   * after every statement while the main thread finished the request at hand before handing
   * the connection on (throughput limited by that gap, not by PostgreSQL).
   */
  async execOutsideTransactions(texts: string[]): Promise<Results[][]> {
    while (this.heldByKnex) await new Promise<void>((resolve) => this.onRelease.push(resolve));
    // Sent together, synchronously after the check: nothing of knex's can come between them.
    return Promise.all(texts.map((text) => this.exec(text)));
  }

  /** Closes the database (its folder is left consistent) and ends the thread. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      try {
        await this.send({ op: "close" });
      } finally {
        await this.worker.terminate();
      }
    })();
    return this.closed;
  }

  private send(request: Distribute<ThreadRequest>): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // The thread holds the process open only while an answer is awaited, as a socket would.
      this.worker.ref();
      this.worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  private settle(reply: ThreadReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  }

  private failAll(err: Error) {
    this.gone ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
