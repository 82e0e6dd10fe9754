import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { MSG } from "../contract/messages.ts";
import { createLogger } from "../logger.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type ApiClient, type ApiResponse, type TestServer } from "../testing/testServer.ts";
import { HEAVY_READ_RULES, HEAVY_READS_AT_ONCE, HEAVY_READS_WAITING, REFUSAL_PAUSE_MS } from "./fairShare.ts";

// Issue 45, fair share of the server: a player's heavy reads are bounded at once (per process)
// and per 10 seconds (in the database, across processes), and answer 429 with Retry-After and a
// text the player can read; other players go on as before.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A second API process on the same database: its own gate and memory, the same rate counters. */
async function secondApp(): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({ db: server.db, config: server.config, log: createLogger({ silent: true }) });
  const http: Server = createServer(app.callback());
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}

/**
 * Holds the database still: every statement of a request waits until release (the embedded
 * database has one connection, held here; on PostgreSQL the session check waits on a lock).
 */
async function holdDatabase(): Promise<() => Promise<void>> {
  const trx = await server.db.transaction();
  if (server.kind === "postgres") await trx.raw("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE");
  else await trx.raw("SELECT 1");
  return async () => void (await trx.commit());
}

const expectReadsTooFast = (res: ApiResponse, maxSeconds: number) => {
  expect(res).toMatchObject({ status: 429, body: { error: MSG.readsTooFast } });
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
};

describe("a player's heavy reads at once", () => {
  it("run a few, queue a few, and refuse the rest after a pause with 429 'Retry-After: 1'; every admitted read is answered, and others are not held back", async () => {
    const flooder = await signedUpClient(server, "Flooder");
    const other = await signedUpClient(server, "Bystander");
    await clearOfWindowEdge(HEAVY_READ_RULES.collection.windowMs, 5_000);
    const release = await holdDatabase();
    let answers: Array<ApiResponse | null> = [];
    let theirs: Promise<ApiResponse>;
    try {
      const sent = HEAVY_READS_AT_ONCE + HEAVY_READS_WAITING + 6;
      answers = Array.from({ length: sent }, () => null);
      const calls = answers.map((_, i) => flooder.get(i % 2 ? "/api/collection" : "/api/pulls/summary").then((r) => (answers[i] = r)));
      // The refusals come back while the database is still held: no database work was needed.
      const sentAt = Date.now();
      await expect.poll(() => answers.filter(Boolean).length, { timeout: 10_000 }).toBe(6);
      // Not at once: a script asking again the moment it is refused would keep the server busy saying no.
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 50);
      for (const refused of answers.filter(Boolean)) {
        expectReadsTooFast(refused!, 1);
        expect(refused!.headers.get("Retry-After")).toBe("1");
      }
      // Another player's read is admitted (not refused) even now: it waits only on the database.
      theirs = other.get("/api/collection");
      await new Promise((r) => setTimeout(r, 300));
      expect(answers.filter(Boolean)).toHaveLength(6);
      await release();
      await Promise.all(calls);
    } catch (err) {
      await release().catch(() => {});
      throw err;
    }
    expect(answers.map((a) => a!.status).sort()).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);
    expect((await theirs!).status).toBe(200);
    // The places were given back: the player reads again at once.
    expect((await flooder.get("/api/pulls/summary")).status).toBe(200);
  });
});

describe("a player's heavy reads per 10 seconds", () => {
  it("answer 429 with the rest of the window in Retry-After and a readable error past the limit; other players are served", async () => {
    const reader = await signedUpClient(server, "FastReader");
    const other = await signedUpClient(server, "SlowReader");
    const rule = HEAVY_READ_RULES.pullSummary;
    await clearOfWindowEdge(rule.windowMs, 6_000);
    for (let i = 0; i < rule.limit; i++) expect((await reader.get("/api/pulls/summary")).status).toBe(200);
    const refusedAt = Date.now();
    expectReadsTooFast(await reader.get("/api/pulls/summary"), rule.windowMs / 1000);
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 50);
    // Each route family has its own count, and other players theirs.
    expect((await reader.get("/api/pulls")).status).toBe(200);
    expect((await other.get("/api/pulls/summary")).status).toBe(200);
  });

  it("hold across API processes: the count is in the database", async () => {
    const second = await secondApp();
    try {
      const here = await signedUpClient(server, "TwoTabs");
      const there: ApiClient = here.at(second.url);
      const rule = HEAVY_READ_RULES.collection;
      await clearOfWindowEdge(rule.windowMs, 6_000);
      for (let i = 0; i < rule.limit; i++) expect((await (i % 2 ? there : here).get("/api/collection")).status).toBe(200);
      expectReadsTooFast(await here.get("/api/collection"), rule.windowMs / 1000);
      expectReadsTooFast(await there.get("/api/collection"), rule.windowMs / 1000);
    } finally {
      await second.close();
    }
  });

  it("are counted in an unlogged table: a read's count waits for no flush to disk", async () => {
    const { rows } = await server.db.raw(`SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'`);
    expect(rows).toEqual([{ relpersistence: "u" }]);
  });

  it("cover every heavy read: collection, pull history, summary, leaderboard, trade matches and exports", async () => {
    const c = await signedUpClient(server, "EveryRead");
    for (const [path, rule] of [
      ["/api/collection", HEAVY_READ_RULES.collection],
      ["/api/pulls?limit=5", HEAVY_READ_RULES.pulls],
      ["/api/pulls/summary", HEAVY_READ_RULES.pullSummary],
      ["/api/leaderboard", HEAVY_READ_RULES.leaderboard],
      ["/api/trade/matches", HEAVY_READ_RULES.matches],
      ["/api/export/pulls.json", HEAVY_READ_RULES.export],
    ] as const) {
      await clearOfWindowEdge(rule.windowMs, 6_000);
      const statuses: number[] = [];
      for (let i = 0; i <= rule.limit; i++) statuses.push((await c.get(path)).status);
      expect(statuses.slice(0, rule.limit).every((s) => s === 200), path).toBe(true);
      expect(statuses.at(-1), path).toBe(429);
    }
  });
});
