import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PullDto } from "../contract/fairness.ts";
import { MSG } from "../contract/messages.ts";
import { nextPityCount, pityDue } from "../game/pity.ts";
import { cardOfRecord } from "../game/pullRecord.ts";
import { independentPack } from "../testing/independentPack.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 16, RULES.md Bulk open: ten packs of one set in one request, paid at once, all or nothing,
// each with its own nonce and pity step.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const give = (username: string, coins: number, gems = 0) =>
  server.db("users").where({ username }).update({ coins, gems, last_coin_generation: new Date() });
const pullsOf = async (c: ApiClient): Promise<PullDto[]> => (await c.get("/api/pulls?limit=100")).body.pulls;
const cardCount = async (username: string) => {
  const user = await server.db("users").where({ username }).first("id");
  return Number((await server.db("cards").where({ user_id: user.id }).count("* as n").first())?.n);
};

describe("POST /api/open-pack with count 10", () => {
  it("takes ten packs' cost and gives 30 cards from ten consecutive nonces, each checkable", async () => {
    const c = await signedUpClient(server, "TenPacks");
    await give("TenPacks", 25, 100);
    const res = await c.post("/api/open-pack", { set: 1, count: 10 });
    expect(res.status).toBe(200);
    expect(res.body.cards).toHaveLength(30);
    expect(res.body.newCoinCount).toBe(15);
    expect(res.body.pulls.map((p: { nonce: number }) => p.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(res.body.pull).toEqual(res.body.pulls[0]);
    const user = (await c.get("/api/user")).body;
    expect(user).toMatchObject({ coins: 15, set1PacksOpened: 10, dailyPacksOpened: 10, weeklyPacksOpened: 10, cardCount: 30 });
    expect(user.totalScore).toBe(res.body.cards.reduce((s: number, card: { points: number }) => s + card.points, 0));

    // A gem set: ten times its gem cost.
    const gems = await c.post("/api/open-pack", { set: 7, count: 10 });
    expect(gems.status).toBe(200);
    expect(gems.body.newGemCount).toBe(100 - 10 * 5);

    const { revealedServerSeed } = (await c.post("/api/fairness/rotate")).body;
    const pulls = (await pullsOf(c)).reverse();
    expect(pulls.map((p) => p.nonce)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const [i, p] of pulls.entries()) {
      const expected = independentPack(revealedServerSeed, p.clientSeed, p.nonce, p.set, { pity: p.pity });
      expect(p.cards.map((card) => cardOfRecord(p.set, card))).toEqual(expected);
      // The answer's cards are the packs in order, three by three.
      const answered = (i < 10 ? res.body.cards : gems.body.cards).slice((i % 10) * 3, (i % 10) * 3 + 3);
      expect(answered.map((card: { character: string; background: string }) => [card.character, card.background])).toEqual(expected.map((card) => [card.character, card.background]));
    }
  });

  it("is all or nothing: a balance short of ten packs opens none", async () => {
    const c = await signedUpClient(server, "ShortOfTen");
    await give("ShortOfTen", 9);
    const res = await c.post("/api/open-pack", { set: 1, count: 10 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MSG.notEnoughCoins });
    expect(await cardCount("ShortOfTen")).toBe(0);
    expect((await c.get("/api/fairness")).body.nonce).toBe(0);
    expect((await c.get("/api/user")).body.coins).toBe(9);
  });

  it("refuses any other count", async () => {
    const c = await signedUpClient(server, "BadCount");
    await give("BadCount", 100);
    for (const count of [0, 2, 11, -10, 1.5, "10", null]) {
      const res = await c.post("/api/open-pack", { set: 1, count });
      expect(res.status, String(count)).toBe(400);
      expect(res.body).toEqual({ error: MSG.invalidPackCount });
    }
    expect(await cardCount("BadCount")).toBe(0);
  });

  it("steps the pity counter pack by pack: the 40th dry pack inside a bulk open is guaranteed", async () => {
    const c = await signedUpClient(server, "BulkPity");
    await give("BulkPity", 100);
    await server.db("users").where({ username: "BulkPity" }).update({ set2_pity: 35 });
    const res = await c.post("/api/open-pack", { set: 2, count: 10 });
    expect(res.status).toBe(200);
    const pulls = (await pullsOf(c)).reverse();
    let counter = 35;
    for (const p of pulls) {
      expect(p.pity, `nonce ${p.nonce}`).toBe(pityDue(counter));
      counter = nextPityCount(counter, p.cards.map((card) => cardOfRecord(p.set, card)));
    }
    // Four dry packs at most before the guarantee: one of the first five holds a Legendary or better.
    expect(pulls.slice(0, 5).some((p) => p.cards.some((card) => card.tier === "Legendary" || card.tier === "Mythic"))).toBe(true);
    expect(res.body.pity).toEqual({ set: 2, packsSinceLegendary: counter, guaranteedWithin: 40 - counter });
  });

  it("pays for exactly the packs a balance covers when bulk and single opens race", async () => {
    const c = await signedUpClient(server, "BulkRace");
    await give("BulkRace", 25);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => c.post("/api/open-pack", { set: 1, count: 10 })),
      ...Array.from({ length: 8 }, () => c.post("/api/open-pack", { set: 1 })),
    ]);
    const opened = results.filter((r) => r.status === 200);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 400 && r.body.error === MSG.notEnoughCoins)).toBe(true);
    const packs = opened.reduce((n, r) => n + r.body.pulls.length, 0);
    const user = (await c.get("/api/user")).body;
    expect(packs).toBeLessThanOrEqual(25);
    expect(user.coins).toBe(25 - packs);
    expect(user.coins).toBeLessThan(10); // nothing that could still pay a bulk open was refused one
    expect(await cardCount("BulkRace")).toBe(packs * 3);
    const nonces = (await pullsOf(c)).map((p) => p.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: packs }, (_, i) => i));
  });
});
