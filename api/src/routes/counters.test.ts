import type { Context } from "koa";
import { DataError } from "objection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { MAX_NONCE } from "../game/fairRandom.ts";
import { errorHandler } from "../http/errors.ts";
import { User } from "../models/User.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 45: no counter can overflow into a 500. Sums that grow without bound (cards, packs per
// set, scores, balances, the row version) are bigint; the nonce has a bound with its own 4xx;
// and a database "out of range" that is left is a 400 a player can read.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const INT_MAX = 2 ** 31 - 1;
const userRow = (username: string) => server.db("users").where({ username });
const stateOf = async (username: string) => {
  const u = await userRow(username).first("id", "coins", "gems", "card_count", "set1_packs_opened", "fair_nonce", "version", "total_score");
  const cards = Number((await server.db("cards").where({ user_id: u.id }).count("* as n").first())?.n);
  const pulls = Number((await server.db("pulls").where({ user_id: u.id }).count("* as n").first())?.n);
  return { ...u, cards, pulls };
};
const openTen = (c: ApiClient, set = 1) => c.post("/api/open-pack", { set, count: 10 });

describe("counters near 2^31", () => {
  it("a 10-pack open by a player whose card count, packs of the set and row version are near 2^31 counts on past it", async () => {
    const c = await signedUpClient(server, "Hoarder");
    await userRow("Hoarder").update({ coins: 100, last_coin_generation: new Date(), card_count: INT_MAX - 10, set1_packs_opened: INT_MAX - 3, version: INT_MAX - 1 });
    const res = await openTen(c);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cards).toHaveLength(30);
    const again = await openTen(c);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const user = (await c.get("/api/user")).body;
    expect(user).toMatchObject({ cardCount: INT_MAX - 10 + 60, set1PacksOpened: INT_MAX - 3 + 20, coins: 80 });
    // The leaderboard reads the same count (player_scores), as a number.
    const rank = (await c.get("/api/user/rank")).body;
    expect(rank).toMatchObject({ rank: expect.any(Number) });
    expect(await stateOf("Hoarder")).toMatchObject({ card_count: INT_MAX + 50, set1_packs_opened: INT_MAX + 17, cards: 60 });
  });

  it("a balance near 2^31 takes a purchase's credit and still pays for packs", async () => {
    const c = await signedUpClient(server, "Whale");
    await userRow("Whale").update({ coins: INT_MAX - 5, gems: INT_MAX - 2, last_coin_generation: new Date() });
    const intent = await c.post("/api/create-payment-intent", { packageId: "coins-huge" });
    expect(intent.status).toBe(200);
    const paid = await c.post("/api/test-payments/confirm", { clientSecret: intent.body.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" });
    expect(paid.status).toBe(200);
    const done = await c.post("/api/confirm-purchase", { paymentIntentId: intent.body.clientSecret.split("_secret_")[0], packageId: "coins-huge" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.newCoinCount).toBe(INT_MAX - 5 + 650);
    const gems = await openTen(c, 7);
    expect(gems.status, JSON.stringify(gems.body)).toBe(200);
    expect(gems.body.newGemCount).toBe(INT_MAX - 2 - 50);
    const coins = await openTen(c, 1);
    expect(coins.status, JSON.stringify(coins.body)).toBe(200);
    expect(coins.body.newCoinCount).toBe(INT_MAX - 5 + 650 - 10);
    expect((await c.get("/api/user")).body).toMatchObject({ coins: INT_MAX - 5 + 640, gems: INT_MAX - 52 });
  });
});

describe("the nonce's bound", () => {
  it("refuses packs past the last nonce with a 400 that says to rotate, changes nothing, and rotating opens again", async () => {
    const c = await signedUpClient(server, "Tireless");
    await userRow("Tireless").update({ coins: 100, last_coin_generation: new Date(), fair_nonce: MAX_NONCE - 4 });
    const before = await stateOf("Tireless");
    const ten = await openTen(c);
    expect(ten).toMatchObject({ status: 400, body: { error: MSG.seedUsedUp } });
    expect(await stateOf("Tireless")).toEqual(before);
    // Up to the last nonce one by one, then no more.
    for (let i = 0; i < 4; i++) {
      const one = await c.post("/api/open-pack", { set: 1 });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.pull.nonce).toBe(MAX_NONCE - 4 + i);
    }
    expect((await c.get("/api/fairness")).body.nonce).toBe(MAX_NONCE);
    expect(await c.post("/api/open-pack", { set: 1 })).toMatchObject({ status: 400, body: { error: MSG.seedUsedUp } });
    const rotated = await c.post("/api/fairness/rotate");
    expect(rotated.status).toBe(200);
    expect((await c.get("/api/fairness")).body.revealed[0]).toMatchObject({ packs: MAX_NONCE });
    const fresh = await openTen(c);
    expect(fresh.status).toBe(200);
    expect(fresh.body.pull.nonce).toBe(0);
  });
});

describe("a number the database cannot hold", () => {
  it("is a 400 the player can read, not a 500, and changes nothing", async () => {
    const c = await signedUpClient(server, "Daily");
    // The day's counters reset every day and stay int: 2^31 packs in one day cannot happen, but
    // if a counter ever went past its column, the player reads why.
    const today = new Date().toISOString().slice(0, 10);
    await userRow("Daily").update({ coins: 100, last_coin_generation: new Date(), daily_period: today, daily_packs_opened: INT_MAX - 5 });
    const before = await stateOf("Daily");
    const res = await openTen(c);
    expect(res).toMatchObject({ status: 400, body: { error: MSG.numberTooLarge } });
    expect(await stateOf("Daily")).toEqual(before);
    await userRow("Daily").update({ daily_period: null });
    expect((await openTen(c)).status).toBe(200);
  });

  it("is the same 400 when objection's models meet it (wrapped as a DataError)", async () => {
    const err = await User.query(server.db).where("username", "Daily").patch({ dailyLogins: 2 ** 31 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataError);
    const ctx = { path: "/api/anything", method: "POST", status: 404, body: undefined } as unknown as Context;
    const errors: unknown[] = [];
    await errorHandler({ info: () => {}, warn: () => {}, error: (...a: unknown[]) => errors.push(a), flush: () => {} })(ctx, async () => {
      throw err;
    });
    expect({ status: ctx.status, body: ctx.body }).toEqual({ status: 400, body: { error: MSG.numberTooLarge } });
    expect(errors).toEqual([]);
  });
});
