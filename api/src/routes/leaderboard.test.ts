import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
let players: Record<string, ApiClient>;
beforeAll(async () => {
  server = await startTestServer();
  players = {};
  for (const name of ["Ace", "Bee", "Cat", "Empty"]) players[name] = await signedUpClient(server, name);
  await server.db("users").update({ coins: 500 });
  for (let i = 0; i < 25; i++) await players.Ace!.post("/api/open-pack", { set: 2 });
  for (let i = 0; i < 3; i++) await players.Bee!.post("/api/open-pack", { set: 1 });
  await players.Cat!.post("/api/open-pack", { set: 1 });
});
afterAll(() => server?.close());

type CardLike = { id: number; points: number; character: string; background: string; set: number; isHolo: boolean; isGlitch: boolean; isDarkHolo: boolean };
const identity = (c: CardLike) => [c.character, c.background, c.set, c.isHolo, c.isGlitch, c.isDarkHolo].join("|");
/** The expected best cards: highest points first, one card per identity. */
function topDistinct(cards: CardLike[], n: number): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const c of [...cards].sort((a, b) => b.points - a.points)) {
    if (seen.has(identity(c))) continue;
    seen.add(identity(c));
    out.push(c.points);
  }
  return out.slice(0, n);
}

describe("GET /api/leaderboard", () => {
  it("lists players with cards by total score, with their count, ranks and top 9 distinct cards", async () => {
    const res = await players.Bee!.get("/api/leaderboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    const names = res.body.map((e: { user: { username: string } }) => e.user.username);
    expect(names).not.toContain("Empty");
    const scores = res.body.map((e: { totalScore: number }) => e.totalScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(res.body.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3]);
    for (const entry of res.body) {
      const owner = players[entry.user.username]!;
      const collection = (await owner.get("/api/collection")).body as CardLike[];
      expect(entry.totalScore).toBe(collection.reduce((s, c) => s + c.points, 0));
      expect(entry.bestCards.length).toBeLessThanOrEqual(9);
      expect(entry.bestCards.map((c: CardLike) => c.points)).toEqual(topDistinct(collection, 9));
      expect(new Set(entry.bestCards.map(identity)).size).toBe(entry.bestCards.length);
      expect(entry.user).toMatchObject({ replitUsername: entry.user.username, displayName: entry.user.username });
    }
  });

  it("pages with limit and offset", async () => {
    const all = (await players.Ace!.get("/api/leaderboard")).body;
    const second = await players.Ace!.get("/api/leaderboard?limit=1&offset=1");
    expect(second.body).toHaveLength(1);
    expect(second.body[0].user.id).toBe(all[1].user.id);
    expect(second.body[0].rank).toBe(2);
    expect((await players.Ace!.get("/api/leaderboard?limit=abc")).body).toHaveLength(3);
  });

  it("agrees with the player's own rank", async () => {
    const board = (await players.Cat!.get("/api/leaderboard")).body;
    const mine = board.find((e: { user: { username: string } }) => e.user.username === "Cat");
    expect((await players.Cat!.get("/api/user/rank")).body.rank).toBe(mine.rank);
  });

  it("every player's own rank is their place on the board, ties going to who joined first", async () => {
    const names = ["RankA", "RankB", "RankC", "RankD", "RankE", "RankF", "RankG"];
    const clients = [];
    for (const [i, name] of names.entries()) {
      const c = await signedUpClient(server, name);
      clients.push(c);
      const id = (await server.db("users").where({ username: name }).first("id")).id;
      // Pairs of equal collections make ties; the rest spread above and below the others.
      await giveCards(server.db, id, Array.from({ length: 1 + Math.floor(i / 2) }, (_, k) => plainCard(1 + (k % 3), k)));
    }
    const board = (await clients[0]!.get("/api/leaderboard?limit=200")).body as Array<{ user: { id: number; username: string }; rank: number; totalScore: number }>;
    for (const [i, entry] of board.entries()) {
      expect(entry.rank).toBe(i + 1);
      if (i > 0 && board[i - 1]!.totalScore === entry.totalScore) expect(board[i - 1]!.user.id).toBeLessThan(entry.user.id);
    }
    for (const [i, name] of names.entries()) {
      const expected = board.find((e) => e.user.username === name)!.rank;
      expect((await clients[i]!.get("/api/user/rank")).body).toEqual({ rank: expected, players: board.length });
    }
  });

  it("needs a session", async () => {
    expect(await server.client().get("/api/leaderboard")).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });
});

describe("GET /api/user/champions", () => {
  it("gives the player's top 5 distinct cards, best first", async () => {
    const res = await players.Ace!.get("/api/user/champions");
    const collection = (await players.Ace!.get("/api/collection")).body as CardLike[];
    expect(res.body.map((c: CardLike) => c.points)).toEqual(topDistinct(collection, 5));
    expect(res.body).toHaveLength(5);
    expect((await players.Empty!.get("/api/user/champions")).body).toEqual([]);
  });

  it("still finds distinct cards below a pile of copies of the player's best card", async () => {
    const hoarder = await signedUpClient(server, "Hoarder");
    const id = (await server.db("users").where({ username: "Hoarder" }).first("id")).id;
    const best = { ...plainCard(7, 0), isDarkHolo: true, background: "darkvoid" };
    await giveCards(server.db, id, [...Array.from({ length: 100 }, () => best), ...Array.from({ length: 6 }, (_, i) => plainCard(1, i))]);
    const collection = (await hoarder.get("/api/collection")).body as CardLike[];
    const champions = (await hoarder.get("/api/user/champions")).body;
    expect(champions.map((c: CardLike) => c.points)).toEqual(topDistinct(collection, 5));
    expect(new Set(champions.map(identity)).size).toBe(5);
    const entry = (await hoarder.get("/api/leaderboard")).body.find((e: { user: { username: string } }) => e.user.username === "Hoarder");
    expect(entry.bestCards.map((c: CardLike) => c.points)).toEqual(topDistinct(collection, 9));
    expect(entry.bestCards).toHaveLength(7);
  });

  it("keeps the player count exact as players get their first cards or leave", async () => {
    const actual = async () => Number((await server.db("users").where("card_count", ">", 0).count("* as n").first())?.n);
    const shown = async () => Number((await players.Ace!.get("/api/leaderboard")).headers.get("x-total-count"));
    expect(await shown()).toBe(await actual());
    const newcomer = await signedUpClient(server, "Newcomer");
    expect(await shown()).toBe(await actual());
    await newcomer.post("/api/open-pack", { set: 1 });
    await newcomer.post("/api/open-pack", { set: 1 });
    expect(await shown()).toBe(await actual());
    await server.db("users").where({ username: "Newcomer" }).delete();
    expect(await shown()).toBe(await actual());
    expect((await players.Ace!.get("/api/user/rank")).body.players).toBe(await actual());
  });
});
