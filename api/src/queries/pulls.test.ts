import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import type { PullSummaryDto } from "../contract/fairness.ts";
import { createDb, databaseUrlOf, type Db } from "../db/knex.ts";
import { createLogger } from "../logger.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 45: GET /api/pulls/summary reads the player's whole pull history, so it is kept per player
// until their next pack, and stays right with several API processes on one database.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Counts the summary's history reads (the statement that walks every pack's cards) on a database handle. */
function historyReads(db: Db): { count(): number; stop(): void } {
  let n = 0;
  const listener = (q: { sql: string }) => void (/jsonb_array_elements/.test(q.sql) && n++);
  db.on("query", listener);
  return { count: () => n, stop: () => void db.off("query", listener) };
}

const summaryOf = async (c: ApiClient): Promise<PullSummaryDto> => {
  const res = await c.get("/api/pulls/summary");
  expect(res.status).toBe(200);
  return res.body;
};
const packsIn = (s: PullSummaryDto) => s.sets.reduce((n, set) => n + set.packs, 0);
const cardsIn = (s: PullSummaryDto) => s.sets.reduce((n, set) => n + Object.values(set.cards).reduce((a, b) => a + b, 0), 0);
const open = async (c: ApiClient, set = 1) => expect((await c.post("/api/open-pack", { set })).status).toBe(200);

/** Another API process: its own app (and memory) over its own pool when the database is a server. */
async function secondProcess(): Promise<{ url: string; close(): Promise<void> }> {
  // (TestServer's url is the HTTP server's; the database's is in knex's config.)
  const databaseUrl = databaseUrlOf(server.db);
  const db = databaseUrl ? createDb({ databaseUrl, poolMax: 4 }) : server.db;
  const http: Server = createServer(createApp({ db, config: server.config, log: createLogger({ silent: true }) }).callback());
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      if (db !== server.db) await db.destroy();
    },
  };
}

describe("GET /api/pulls/summary, kept until the player's next pack", () => {
  it("reads the history once per pack count, however often or at once it is asked, and again after the next pack", async () => {
    const c = await signedUpClient(server, "Summarised");
    await server.db("users").where({ username: "Summarised" }).update({ coins: 100, last_coin_generation: new Date() });
    await open(c, 1);
    await open(c, 2);
    const reads = historyReads(server.db);
    try {
      const first = await summaryOf(c);
      expect(packsIn(first)).toBe(2);
      expect(await summaryOf(c)).toEqual(first);
      expect(await Promise.all(Array.from({ length: 8 }, () => summaryOf(c)))).toEqual(Array(8).fill(first));
      expect(reads.count()).toBe(1);

      await open(c, 1);
      const after = await summaryOf(c);
      expect(packsIn(after)).toBe(3);
      expect(cardsIn(after)).toBe(9);
      expect(after.sets.find((s) => s.set === 1)!.packs).toBe(2);
      expect(reads.count()).toBe(2);
      expect(await summaryOf(c)).toEqual(after);
      expect(reads.count()).toBe(2);
    } finally {
      reads.stop();
    }
  });

  it("serves the pity counters fresh on every read", async () => {
    const c = await signedUpClient(server, "PityFresh");
    await server.db("users").where({ username: "PityFresh" }).update({ coins: 100, last_coin_generation: new Date() });
    await open(c, 3);
    await summaryOf(c);
    await server.db("users").where({ username: "PityFresh" }).update({ set3_pity: 17 });
    expect((await summaryOf(c)).pity[2]).toMatchObject({ set: 3, packsSinceLegendary: 17 });
  });

  it("is right in every process: a pack opened through another process shows at once in this one's", async () => {
    const other = await secondProcess();
    try {
      const here = await signedUpClient(server, "TwoProcesses");
      const there = here.at(other.url);
      await server.db("users").where({ username: "TwoProcesses" }).update({ coins: 100, last_coin_generation: new Date() });
      await open(here, 1);
      // Both processes have read (and kept) the summary of one pack.
      expect(packsIn(await summaryOf(here))).toBe(1);
      expect(packsIn(await summaryOf(there))).toBe(1);
      await open(there, 4);
      const seenHere = await summaryOf(here);
      expect(packsIn(seenHere)).toBe(2);
      expect(seenHere.sets.map((s) => s.set)).toEqual([1, 4]);
      await open(here, 4);
      expect(await summaryOf(there)).toEqual(await summaryOf(here));
      expect(packsIn(await summaryOf(there))).toBe(3);
    } finally {
      await other.close();
    }
  });
});
