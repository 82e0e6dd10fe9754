import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { ARENA_BOT_ID, ARENA_BOT_NAME, BATTLE_COINS_PER_DAY, BATTLE_LIVES } from "../game/battle.ts";
import { dailyPeriod } from "../game/periods.ts";
import { points } from "../game/rarity.ts";
import { SETS, type Card } from "../game/sets.ts";
import { giveCards as giveCardsTo } from "../testing/cards.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// Real card identities at both ends of the scale, so every strong card beats every weak one.
// Champions are distinct cards, so each deck holds five different ones.
const set7 = SETS[6]!;
const STRONG: Card[] = set7.characters.slice(-5).map((character) => ({ character, background: "darkvoid", set: 7, isHolo: false, isGlitch: false, isDarkHolo: true }));
const set1 = SETS[0]!;
const WEAK: Card[] = set1.characters.slice(0, 5).map((character) => ({ character, background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false }));

async function userId(username: string): Promise<number> {
  return (await server.db("users").where({ username }).first("id")).id;
}
async function coinsOf(username: string): Promise<number> {
  return (await server.db("users").where({ username }).first("coins")).coins;
}
const giveCards = async (username: string, cards: Card[]) => giveCardsTo(server.db, await userId(username), cards);

/** Lets the next round be played now instead of waiting out the 1 s gap. */
const rewindRoundClock = (battleId: number) => server.db("battles").where({ id: battleId }).update({ last_round_at: server.db.raw("last_round_at - interval '2 seconds'") });

async function playToEnd(client: ApiClient, battleId: number) {
  const rounds = [];
  for (;;) {
    const res = await client.post(`/api/battle/${battleId}/round`);
    expect(res.status).toBe(200);
    rounds.push(res.body);
    if (res.body.battleComplete) return rounds;
    await rewindRoundClock(battleId);
  }
}

it("the test decks are what they claim: every strong card outscores every weak one", () => {
  expect(Math.min(...STRONG.map(points))).toBeGreaterThan(Math.max(...WEAK.map(points)));
});

describe("finding an opponent", () => {
  it("needs a session and at least one card", async () => {
    expect(await server.client().post("/api/battle/find-opponent")).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
    const c = await signedUpClient(server, "Cardless");
    expect(await c.post("/api/battle/find-opponent")).toMatchObject({ status: 400, body: { error: MSG.battleNeedsCards } });
    expect(Number((await server.db("battles").count("* as n").first())?.n)).toBe(0);
  });

  it("meets Arena Bot when nobody else has cards, with names, ranks and 3 lives each", async () => {
    const c = await signedUpClient(server, "Lonely");
    await giveCards("Lonely", WEAK.slice(0, 2));
    const found = await c.post("/api/battle/find-opponent");
    expect(found.status).toBe(200);
    const battle = await c.get(`/api/battle/${found.body.battleId}`);
    expect(battle).toMatchObject({
      status: 200,
      body: { id: found.body.battleId, player1Name: "Lonely", player2Name: ARENA_BOT_NAME, player1Rank: 1, player2Rank: null, player1Life: BATTLE_LIVES, player2Life: BATTLE_LIVES, currentRound: 0, maxRounds: 2, battleComplete: false, rounds: [] },
    });
    const rounds = await playToEnd(c, found.body.battleId);
    expect(rounds).toHaveLength(2); // Lonely fields only two champions
    const last = rounds.at(-1);
    expect([await userId("Lonely"), ARENA_BOT_ID, null]).toContain(last.battleWinner);
    expect(last.player2Card.set).toBe(1);
  });

  it("meets the other player with cards, never itself or the bot", async () => {
    const a = await signedUpClient(server, "Seeker");
    await giveCards("Seeker", WEAK.slice(0, 1));
    for (let i = 0; i < 5; i++) {
      const { body } = await a.post("/api/battle/find-opponent");
      const battle = (await a.get(`/api/battle/${body.battleId}`)).body;
      expect(battle.player1Name).toBe("Seeker");
      expect(battle.player2Name).toBe("Lonely");
      expect(battle.player2Rank).toEqual(expect.any(Number));
    }
  });
});

describe("one active battle per player", () => {
  it("many find-opponent calls at once make one battle; an unfinished one is resumed, a finished one makes room", async () => {
    const c = await signedUpClient(server, "Spammer");
    await giveCards("Spammer", WEAK);
    const results = await Promise.all(Array.from({ length: 25 }, () => c.post("/api/battle/find-opponent")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(results.map((r) => r.body.battleId));
    expect(ids.size).toBe(1);
    const mine = await server.db("battles").where({ user_id: await userId("Spammer") });
    expect(mine).toHaveLength(1);
    const [battleId] = [...ids];
    await playToEnd(c, battleId);
    const next = await c.post("/api/battle/find-opponent");
    expect(next.status).toBe(200);
    expect(next.body.battleId).not.toBe(battleId);
  });

  it("limits how often a player looks for battles", async () => {
    const c = await signedUpClient(server, "Hammer");
    await giveCards("Hammer", WEAK);
    await clearOfWindowEdge(60_000); // the limit counts per minute
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await c.post("/api/battle/find-opponent")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(await c.post("/api/battle/find-opponent")).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
  });
});

describe("playing a battle", () => {
  let strong: ApiClient;
  let weak: ApiClient;
  beforeAll(async () => {
    // From here on every other player fields five of the weakest card.
    await giveCards("Lonely", WEAK.slice(2));
    await giveCards("Seeker", WEAK.slice(1));
    strong = await signedUpClient(server, "Strong");
    weak = await signedUpClient(server, "Weakling");
    await giveCards("Strong", STRONG);
    await giveCards("Weakling", WEAK);
  });

  it("the stronger deck wins in three rounds and the starter gets +1 coin once", async () => {
    const before = await coinsOf("Strong");
    const { body } = await strong.post("/api/battle/find-opponent");
    const rounds = await playToEnd(strong, body.battleId);
    expect(rounds.map((r) => r.roundWinner)).toEqual(["player1", "player1", "player1"]);
    expect(rounds.map((r) => r.player2Life)).toEqual([2, 1, 0]);
    expect(rounds.map((r) => r.currentRound)).toEqual([1, 2, 3]);
    const last = rounds.at(-1);
    expect(last).toMatchObject({ battleComplete: true, battleWinner: await userId("Strong"), coinsEarned: 1, newCoinCount: before + 1, player1Life: 3 });
    expect(STRONG.map((c) => c.character)).toContain(last.player1Card.character);
    expect(last.player1Card).toMatchObject({ set: 7, isDarkHolo: true, background: "darkvoid" });
    expect(await coinsOf("Strong")).toBe(before + 1);

    await rewindRoundClock(body.battleId);
    expect(await strong.post(`/api/battle/${body.battleId}/round`)).toMatchObject({ status: 409, body: { error: MSG.battleOver } });
    expect(await coinsOf("Strong")).toBe(before + 1);
    expect((await strong.get(`/api/battle/${body.battleId}`)).body).toMatchObject({ battleComplete: true, currentRound: 3, coinsEarned: 1, rounds: expect.any(Array) });
    expect((await strong.get("/api/battle/allowance")).body).toMatchObject({ coinsPerWin: 1, dailyCap: BATTLE_COINS_PER_DAY, earnedToday: 1, leftToday: BATTLE_COINS_PER_DAY - 1 });
  });

  it("a loss pays nothing and names the opponent as winner", async () => {
    // The weakling meets any of the others; only Strong's deck beats it. A battle against someone
    // else is played out first (an unfinished one would only be resumed).
    let rounds;
    let before = 0;
    for (;;) {
      const { body } = await weak.post("/api/battle/find-opponent");
      const against = (await weak.get(`/api/battle/${body.battleId}`)).body.player2Name;
      before = await coinsOf("Weakling");
      const played = await playToEnd(weak, body.battleId);
      if (against === "Strong") {
        rounds = played;
        break;
      }
    }
    expect(rounds.at(-1)).toMatchObject({ battleComplete: true, battleWinner: await userId("Strong"), coinsEarned: 0, newCoinCount: before });
    expect(await coinsOf("Weakling")).toBe(before);
  });

  it("pays once when the final round is requested many times at once", async () => {
    const before = await coinsOf("Strong");
    const { body } = await strong.post("/api/battle/find-opponent");
    for (let i = 0; i < 2; i++) {
      expect((await strong.post(`/api/battle/${body.battleId}/round`)).status).toBe(200);
      await rewindRoundClock(body.battleId);
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => strong.post(`/api/battle/${body.battleId}/round`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 409, body: { error: MSG.battleOver } });
    expect(await coinsOf("Strong")).toBe(before + 1);
  });

  it("plays one round when many arrive at once, and refuses rounds less than 1 s apart", async () => {
    const { body } = await strong.post("/api/battle/find-opponent");
    const results = await Promise.all(Array.from({ length: 10 }, () => strong.post(`/api/battle/${body.battleId}/round`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 429, body: { error: MSG.battleTooFast } });
    expect((await strong.get(`/api/battle/${body.battleId}`)).body.currentRound).toBe(1);
    // A real second later the next round plays.
    await new Promise((r) => setTimeout(r, 1050));
    expect((await strong.post(`/api/battle/${body.battleId}/round`)).body.currentRound).toBe(2);
    await rewindRoundClock(body.battleId);
    await playToEnd(strong, body.battleId);
  });

  it("stops paying at 20 battle coins a day", async () => {
    await server.db("users").where({ username: "Strong" }).update({ battle_coins_day: dailyPeriod(new Date()), battle_coins_today: BATTLE_COINS_PER_DAY });
    const before = await coinsOf("Strong");
    const { body } = await strong.post("/api/battle/find-opponent");
    const last = (await playToEnd(strong, body.battleId)).at(-1);
    expect(last).toMatchObject({ battleComplete: true, battleWinner: await userId("Strong"), coinsEarned: 0, newCoinCount: before });
    expect(await coinsOf("Strong")).toBe(before);
    expect((await strong.get("/api/battle/allowance")).body).toMatchObject({ earnedToday: BATTLE_COINS_PER_DAY, leftToday: 0 });
  });

  it("counts yesterday's battle coins as zero", async () => {
    await server.db("users").where({ username: "Strong" }).update({ battle_coins_day: "2020-01-01", battle_coins_today: BATTLE_COINS_PER_DAY });
    expect((await strong.get("/api/battle/allowance")).body).toMatchObject({ earnedToday: 0, leftToday: BATTLE_COINS_PER_DAY });
    const before = await coinsOf("Strong");
    const { body } = await strong.post("/api/battle/find-opponent");
    expect((await playToEnd(strong, body.battleId)).at(-1)).toMatchObject({ coinsEarned: 1, newCoinCount: before + 1 });
  });

  it("only the battle's own player can read or advance it", async () => {
    const { body } = await strong.post("/api/battle/find-opponent");
    expect(await weak.get(`/api/battle/${body.battleId}`)).toMatchObject({ status: 404, body: { error: MSG.battleNotFound } });
    expect(await weak.post(`/api/battle/${body.battleId}/round`)).toMatchObject({ status: 404, body: { error: MSG.battleNotFound } });
    expect(await server.client().get(`/api/battle/${body.battleId}`)).toMatchObject({ status: 401 });
    expect(await strong.get("/api/battle/not-a-number")).toMatchObject({ status: 404, body: { error: MSG.battleNotFound } });
    expect(await strong.post("/api/battle/99999999/round")).toMatchObject({ status: 404, body: { error: MSG.battleNotFound } });
    expect((await strong.get(`/api/battle/${body.battleId}`)).body.currentRound).toBe(0);
  });
});
