import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { dailyPeriod, weeklyPeriod } from "../game/periods.ts";
import { REWARD_IDS } from "../game/rewards.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const coinsOf = async (username: string) => (await server.db("users").where({ username }).first()).coins as number;
const claim = (rewardId: string, rewardType: string, amount = 1) => ({ rewardId, rewardType, amount });

describe("reward status", () => {
  it("maps every asked reward id to its claimed flag, unclaimed at first", async () => {
    const c = await signedUpClient(server, "Statuser");
    const res = await c.get(`/api/user/rewards/status?rewardIds=${REWARD_IDS.join(",")}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(Object.fromEntries(REWARD_IDS.map((id) => [id, false])));
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("lists rewards with the server's progress, requirement, coins and reset times", async () => {
    const c = await signedUpClient(server, "Lister");
    const res = await c.get("/api/user/rewards");
    const login = res.body.find((r: { id: string }) => r.id === "daily-login");
    expect(login).toMatchObject({ type: "daily", requirement: 1, progress: 1, coinReward: 1, claimed: false });
    const packs = res.body.find((r: { id: string }) => r.id === "weekly-variety");
    expect(packs).toMatchObject({ title: "Pack Master", requirement: 300, progress: 0, coinReward: 100 });
    expect(new Date(login.resetTime).getUTCHours()).toBe(0);
    expect(new Date(packs.resetTime).getUTCDay()).toBe(1); // Monday
  });

  it("needs a session", async () => {
    expect(await server.client().get("/api/user/rewards/status")).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
    expect(await server.client().post("/api/user/coins", claim("daily-login", "daily"))).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });
});

describe("claiming", () => {
  it("credits the table's coins for a reached reward, whatever amount the client sends, once per day", async () => {
    const c = await signedUpClient(server, "Claimer");
    const before = await coinsOf("Claimer");
    const res = await c.post("/api/user/coins", claim("daily-login", "daily", 1_000_000));
    expect(res).toMatchObject({ status: 200, body: { newCoinCount: before + 1 } });
    expect(await c.post("/api/user/coins", claim("daily-login", "daily"))).toMatchObject({ status: 409, body: { error: MSG.rewardAlreadyClaimed } });
    expect(await coinsOf("Claimer")).toBe(before + 1);
    expect((await c.get("/api/user/rewards/status?rewardIds=daily-login,daily-packs")).body).toEqual({ "daily-login": true, "daily-packs": false });
  });

  it("applies the regeneration due before crediting: 45 coins with 5 due and a +1 reward make 51", async () => {
    const c = await signedUpClient(server, "NearCap");
    await server.db("users").where({ username: "NearCap" }).update({ coins: 45, last_coin_generation: new Date(Date.now() - 5.5 * 30 * 60_000) });
    expect(await c.post("/api/user/coins", claim("daily-login", "daily"))).toMatchObject({ status: 200, body: { newCoinCount: 51 } });
    expect(await coinsOf("NearCap")).toBe(51);
  });

  it("refuses a reward whose progress is short, an unknown reward and a wrong type, changing nothing", async () => {
    const c = await signedUpClient(server, "Eager");
    const before = await coinsOf("Eager");
    expect(await c.post("/api/user/coins", claim("daily-packs", "daily"))).toMatchObject({ status: 400, body: { error: MSG.rewardNotReached } });
    expect(await c.post("/api/user/coins", claim("free-money", "daily"))).toMatchObject({ status: 400, body: { error: MSG.unknownReward } });
    expect(await c.post("/api/user/coins", claim("daily-login", "weekly"))).toMatchObject({ status: 400, body: { error: MSG.unknownReward } });
    expect(await c.post("/api/user/coins", { rewardId: "daily-login" })).toMatchObject({ status: 400, body: { error: MSG.unknownReward } });
    expect(await coinsOf("Eager")).toBe(before);
  });

  it("pays a daily reward reached by opening packs, and again on the next day", async () => {
    const c = await signedUpClient(server, "Grinder");
    await server.db("users").where({ username: "Grinder" }).update({ coins: 100 });
    for (let i = 0; i < 10; i++) expect((await c.post("/api/open-pack", { set: 1 })).status).toBe(200);
    const res = await c.post("/api/user/coins", claim("daily-packs", "daily"));
    expect(res).toMatchObject({ status: 200, body: { newCoinCount: 90 + 3 } });
    // Make today's claim look like yesterday's: a new period allows a new claim.
    const user = await server.db("users").where({ username: "Grinder" }).first();
    await server.db("reward_claims").where({ user_id: user.id, reward_id: "daily-packs" }).update({ period_start: "2020-01-01" });
    expect((await c.post("/api/user/coins", claim("daily-packs", "daily"))).status).toBe(200);
  });

  it("reads last period's counters as zero", async () => {
    const c = await signedUpClient(server, "Lapsed");
    await server.db("users").where({ username: "Lapsed" }).update({ weekly_period: "2020-01-06", weekly_packs_opened: 500, daily_period: "2020-01-06", daily_packs_opened: 50 });
    expect(await c.post("/api/user/coins", claim("weekly-variety", "weekly"))).toMatchObject({ status: 400, body: { error: MSG.rewardNotReached } });
    expect(await c.post("/api/user/coins", claim("daily-packs", "daily"))).toMatchObject({ status: 400, body: { error: MSG.rewardNotReached } });
    await server.db("users").where({ username: "Lapsed" }).update({ weekly_period: weeklyPeriod(new Date()), weekly_packs_opened: 300, daily_period: dailyPeriod(new Date()) });
    expect(await c.post("/api/user/coins", claim("weekly-variety", "weekly"))).toMatchObject({ status: 200 });
  });

  it("credits once when 50 claims of one reward arrive at the same time", async () => {
    const c = await signedUpClient(server, "Spammer");
    const before = await coinsOf("Spammer");
    const results = await Promise.all(Array.from({ length: 50 }, () => c.post("/api/user/coins", claim("daily-login", "daily"))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === MSG.rewardAlreadyClaimed)).toBe(true);
    expect(results.some((r) => r.status >= 500)).toBe(false);
    expect(await coinsOf("Spammer")).toBe(before + 1);
    const user = await server.db("users").where({ username: "Spammer" }).first();
    expect(await server.db("reward_claims").where({ user_id: user.id })).toHaveLength(1);
  });
});
