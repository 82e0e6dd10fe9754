import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { points, tierOf } from "../game/rarity.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const userRow = (username: string) => server.db("users").where({ username }).first();
const cardCount = async (username: string) => {
  const user = await userRow(username);
  const row = await server.db("cards").where({ user_id: user.id }).count("* as n").first();
  return Number(row?.n);
};

describe("POST /api/open-pack", () => {
  it("takes the set's cost and gives three valid cards with points and tiers", async () => {
    const c = await signedUpClient(server, "Opener");
    const res = await c.post("/api/open-pack", { set: 4 });
    expect(res.status).toBe(200);
    expect(res.body.newCoinCount).toBe(7); // 10 - 3 (Cowgirl)
    expect(res.body.cards).toHaveLength(3);
    for (const card of res.body.cards) {
      expect(card.set).toBe(4);
      expect(card.character).toMatch(/^cowgirl[1-5]$/);
      expect(card.background).not.toBe(""); // set 4 cards always have a background
      expect(card.points).toBe(points(card));
      expect(card.tier).toBe(tierOf(card));
      expect([card.isHolo, card.isGlitch, card.isDarkHolo].filter(Boolean).length).toBeLessThanOrEqual(1);
    }
    const user = (await c.get("/api/user")).body;
    expect(user.coins).toBe(7);
    expect(user.set4PacksOpened).toBe(1);
    expect(user.dailyPacksOpened).toBe(1);
    expect(user.weeklyPacksOpened).toBe(1);
    expect(user.cardCount).toBe(3);
    expect(user.totalScore).toBe(res.body.cards.reduce((s: number, card: { points: number }) => s + card.points, 0));
  });

  it("defaults to set 1 and marks the first card of each kind NEW", async () => {
    const c = await signedUpClient(server, "Defaulter");
    await server.db("users").where({ username: "Defaulter" }).update({ coins: 200 });
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await c.post("/api/open-pack", {});
      expect(res.status).toBe(200);
      for (const card of res.body.cards) {
        expect(card.set).toBe(1);
        const key = [card.character, card.background, card.isHolo, card.isGlitch, card.isDarkHolo].join("|");
        expect(card.isNew).toBe(!seen.has(key));
        seen.add(key);
      }
    }
  });

  it("charges gems for Sharkbite and refuses without enough", async () => {
    const c = await signedUpClient(server, "Diver");
    const refused = await c.post("/api/open-pack", { set: 7 });
    expect(refused).toMatchObject({ status: 400, body: { error: MSG.notEnoughGems } });
    await server.db("users").where({ username: "Diver" }).update({ gems: 7 });
    const res = await c.post("/api/open-pack", { set: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ newGemCount: 2, newCoinCount: 10 });
    expect((await c.post("/api/open-pack", { set: 7 })).body.error).toBe(MSG.notEnoughGems);
  });

  it("refuses without enough coins and changes nothing", async () => {
    const c = await signedUpClient(server, "Broke");
    await server.db("users").where({ username: "Broke" }).update({ coins: 1, last_coin_generation: new Date() });
    const res = await c.post("/api/open-pack", { set: 5 });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.notEnoughCoins } });
    const user = await userRow("Broke");
    expect(user.coins).toBe(1);
    expect(user.set5_packs_opened).toBe(0);
    expect(await cardCount("Broke")).toBe(0);
  });

  it("refuses a set outside 1-7 or of the wrong type", async () => {
    const c = await signedUpClient(server, "Picky");
    for (const set of [0, 8, -1, 1.5, "2", null]) {
      expect(await c.post("/api/open-pack", { set })).toMatchObject({ status: 400, body: { error: MSG.invalidSet } });
    }
    expect(await cardCount("Picky")).toBe(0);
  });

  it("needs a session", async () => {
    expect(await server.client().post("/api/open-pack", { set: 1 })).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });

  it("pays for exactly the packs a balance covers, however many arrive at once", async () => {
    const c = await signedUpClient(server, "Rusher");
    await server.db("users").where({ username: "Rusher" }).update({ coins: 10, last_coin_generation: new Date() });
    const results = await Promise.all(Array.from({ length: 50 }, () => c.post("/api/open-pack", { set: 1 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error === MSG.notEnoughCoins)).toBe(true);
    expect(results.some((r) => r.status >= 500)).toBe(false);
    const user = await userRow("Rusher");
    expect(user.coins).toBe(0);
    expect(user.set1_packs_opened).toBe(10);
    expect(user.card_count).toBe(30);
    expect(await cardCount("Rusher")).toBe(30);
    const total = await server.db("cards").where({ user_id: user.id }).sum("points as sum").first();
    expect(Number(user.total_score)).toBe(Number(total?.sum));
  });
});

describe("GET /api/collection", () => {
  it("lists the player's own cards only", async () => {
    const a = await signedUpClient(server, "Collector");
    const b = await signedUpClient(server, "Neighbour");
    await a.post("/api/open-pack", { set: 1 });
    await b.post("/api/open-pack", { set: 2 });
    const res = await a.get("/api/collection");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.every((card: { set: number }) => card.set === 1)).toBe(true);
    expect(await server.client().get("/api/collection")).toMatchObject({ status: 401 });
  });

  it("answers 304 to the tag of an unchanged collection, and the whole list once it changed", async () => {
    const c = await signedUpClient(server, "Tagged");
    await c.post("/api/open-pack", { set: 1 });
    const first = await c.get("/api/collection");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await c.get("/api/collection", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeFalsy();
    await c.post("/api/open-pack", { set: 1 });
    const changed = await c.get("/api/collection", { "If-None-Match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(6);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });
});

describe("GET /api/user/rank", () => {
  it("ranks players with cards by total score, and gives null without cards", async () => {
    const fresh = await startTestServer();
    try {
      const low = await signedUpClient(fresh, "LowScore");
      const high = await signedUpClient(fresh, "HighScore");
      const none = await signedUpClient(fresh, "NoCards");
      await low.post("/api/open-pack", { set: 1 });
      await high.post("/api/open-pack", { set: 1 });
      await fresh.db("users").where({ username: "HighScore" }).update({ total_score: 1_000_000 });
      expect((await high.get("/api/user/rank")).body).toEqual({ rank: 1, players: 2 });
      expect((await low.get("/api/user/rank")).body).toEqual({ rank: 2, players: 2 });
      expect((await none.get("/api/user/rank")).body).toEqual({ rank: null, players: 2 });
      expect((await fresh.client().get("/api/user/rank")).status).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
