import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";
import { fairShareRow, seedFlooder, type FloodCounts } from "./fairShare.ts";
import type { WrkResult } from "./wrk.ts";

// The fair share bench's seed must be a history and collection the API reads as the game's own.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("the fair share bench", () => {
  it("seeds a pull history and collection that the summary, the collection and the user read agree with", async () => {
    const client = await signedUpClient(server, "SeededFlooder");
    const { id } = await server.db("users").whereRaw("lower(username) = ?", ["seededflooder"]).first("id");
    await seedFlooder(server.db, id, { packs: 30, cards: 80 });
    const summary = (await client.get("/api/pulls/summary")).body;
    const sets = summary.sets as Array<{ packs: number; cards: Record<string, number> }>;
    expect(sets.reduce((n, s) => n + s.packs, 0)).toBe(30);
    expect(sets.reduce((n, s) => n + Object.values(s.cards).reduce((a, b) => a + b, 0), 0)).toBe(90);
    expect((await client.get("/api/collection")).body).toHaveLength(80);
    const user = (await client.get("/api/user")).body;
    expect(user.cardCount).toBe(80);
  });

  it("judges the flooded p99 against 200 ms, and any error of the other players misses", () => {
    const wrk = (p99: number, errors = 0): WrkResult => ({ requests: 1000, perSecond: 100, p50: 5, p99, errors, non2xx: errors, seconds: 10 });
    const flood: FloodCounts = { statuses: { "/api/pulls/summary 200": 30, "/api/collection 200": 10, "/api/pulls/summary 429": 1000 }, errors: 0, seconds: 10 };
    const round = (p99: number, errors = 0) => ({ user: wrk(20), health: wrk(5), floodedUser: wrk(p99, errors), floodedHealth: wrk(6), flood, floodCpu: 0.05 });
    const met = fairShareRow("PostgreSQL", [round(150), round(250), round(190)]);
    expect(met.verdict).toBe("met");
    expect(met.result).toContain("p99 190.0 ms (150.0-250.0)");
    expect(met.result).toContain("3.0 summaries/s");
    expect(met.result).toContain("100 refusals/s");
    expect(fairShareRow("PostgreSQL", [round(150), round(250), round(210)]).verdict).toBe("MISSED");
    expect(fairShareRow("PostgreSQL", [round(150), round(150, 1), round(150)]).verdict).toBe("MISSED");
  });
});
