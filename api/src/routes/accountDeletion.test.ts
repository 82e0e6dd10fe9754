import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { ARENA_BOT_ID } from "../game/battle.ts";
import { AUTH_WINDOW_MS } from "../http/rateLimit.ts";
import { giveCards, plainCard, scoreLedger } from "../testing/cards.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 46 item 3, "Delete my account", over HTTP on either database (DATABASE_URL picks pg).
let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PASSWORD = "erase-lantern-46";

interface Player {
  client: ApiClient;
  id: number;
  name: string;
  cards: number[];
}

async function player(prefix = "Gone", cards = 3): Promise<Player> {
  const name = `${prefix}${++n}`;
  const client = await signedUpClient(server, name, PASSWORD);
  const id = (await server.db("users").where({ username: name }).first("id")).id;
  // Old enough to trade (RULES.md: a day old and 10 packs opened).
  await server.db("users").where({ id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 });
  const ids = cards === 0 ? [] : await giveCards(server.db, id, Array.from({ length: cards }, (_, i) => plainCard(1 + (n % 3), i)));
  return { client, id, name, cards: ids };
}

const remove = (p: Player, password: unknown = PASSWORD) => p.client.post("/api/user/delete", { password });
const count = async (table: string, where: (q: any) => any) => Number((await where(server.db(table)).count({ n: "*" }).first()).n);

async function packageId(): Promise<string> {
  return (await server.db("packages").first("id")).id;
}

async function purchase(userId: number, status = "completed", cents = 499): Promise<number> {
  const [row] = await server.db("purchases")
    .insert({ user_id: userId, package_id: await packageId(), provider: "test", payment_intent_id: `pi_del_${++n}`, status, amount_cents: cents, coins_awarded: 100, created_at: new Date("2026-11-01T10:00:00Z"), completed_at: status === "completed" ? new Date("2026-11-01T10:01:00Z") : null })
    .returning("id");
  return row.id;
}

async function battle(userId: number, opponentId: number | null, winner: number | null, names: [string, string]): Promise<number> {
  const [row] = await server.db("battles")
    .insert({ user_id: userId, opponent_user_id: opponentId, player1_name: names[0], player2_name: names[1], player1_deck: JSON.stringify([]), player2_deck: JSON.stringify([]), status: "complete", winner_user_id: winner })
    .returning("id");
  return row.id;
}

describe("POST /api/user/delete", () => {
  it("needs a session", async () => {
    expect(await server.client().post("/api/user/delete", { password: PASSWORD })).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });

  it("refuses a wrong or missing password and changes nothing", async () => {
    const p = await player("Keep");
    expect(await remove(p, "not-my-password")).toMatchObject({ status: 400, body: { error: MSG.currentPasswordWrong } });
    expect(await remove(p, "")).toMatchObject({ status: 400, body: { error: MSG.deleteAccountPasswordRequired } });
    expect(await p.client.post("/api/user/delete", {})).toMatchObject({ status: 400, body: { error: MSG.deleteAccountPasswordRequired } });
    expect((await p.client.get("/api/user")).status).toBe(200);
    expect(await count("users", (q) => q.where({ id: p.id }))).toBe(1);
    expect(await count("cards", (q) => q.where({ user_id: p.id }))).toBe(3);
    expect(await count("sessions", (q) => q.where({ user_id: p.id }))).toBeGreaterThan(0);
  });

  it("shares the current-password guess limit with the password and e-mail changes", async () => {
    const p = await player("Guess");
    await clearOfWindowEdge(AUTH_WINDOW_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await remove(p, `guess-${i}-x`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too while the limit holds: nothing is deleted.
    expect((await remove(p)).status).toBe(429);
    expect(await count("users", (q) => q.where({ id: p.id }))).toBe(1);
  });

  it("erases what it says and keeps what it says, every session ends", async () => {
    const me = await player("Erased");
    const other = await player("Witness");
    const otherDevice = server.client();
    expect((await otherDevice.post("/api/auth/login", { username: me.name, password: PASSWORD })).status).toBe(200);
    await me.client.post("/api/set-username", { displayName: `Shown${n}` });
    const shown = `Shown${n}`;
    await me.client.put("/api/user/email", { email: `erased${n}@example.com`, password: PASSWORD });

    // Pulls and a fairness reveal, chat, a report each way, blocks both ways, a mute, a claim.
    await server.db("users").where({ id: me.id }).update({ coins: 20 });
    expect((await me.client.post("/api/open-pack", { set: 1 })).status).toBe(200);
    const [reveal] = await server.db("users").where({ id: me.id }).select("server_seed", "server_seed_hash");
    await server.db("fairness_reveals").insert({ user_id: me.id, server_seed: reveal.server_seed, server_seed_hash: reveal.server_seed_hash, packs: 1 });
    const mine = (await me.client.post("/api/chat/messages", { message: "hello from me" })).body.id;
    const theirs = (await other.client.post("/api/chat/messages", { message: "buy coins at example.test" })).body.id;
    expect((await me.client.post(`/api/chat/messages/${theirs}/report`, { reason: "spam" })).status).toBe(201);
    expect((await other.client.post(`/api/chat/messages/${mine}/report`, { reason: "harassment" })).status).toBe(201);
    expect((await me.client.post("/api/blocks", { userId: other.id })).status).toBeLessThan(300);
    expect((await other.client.post("/api/blocks", { userId: me.id })).status).toBeLessThan(300);
    await server.db("chat_mutes").insert({ user_id: me.id, until: new Date(Date.now() + 3_600_000), muted_by: "op" });
    await server.db("reward_claims").insert({ user_id: me.id, reward_id: "daily_login", period_start: "2026-11-29", coins: 1 });
    // Purchases: a paid one, a refunded one, a checkout still open.
    const paid = await purchase(me.id, "completed", 499);
    const refunded = await purchase(me.id, "refunded", 999);
    const open = await purchase(me.id, "pending", 199);
    const othersPurchase = await purchase(other.id, "completed", 299);
    // Battles: mine, and the other player's against me that I won and that they won.
    const myBattle = await battle(me.id, other.id, me.id, [shown, "Witness"]);
    const iWon = await battle(other.id, me.id, me.id, ["Witness", shown]);
    const theyWon = await battle(other.id, me.id, other.id, ["Witness", shown]);
    const vsBot = await battle(other.id, null, ARENA_BOT_ID, ["Witness", "Arena Bot"]);

    const res = await remove(me);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    // This device's cookie is cleared in the answer, and every session is gone.
    expect(res.headers.getSetCookie().join("\n")).toMatch(/foilbound\.sid=/);
    expect(me.client.cookie("foilbound.sid")).toBeUndefined();
    expect((await me.client.get("/api/user")).status).toBe(401);
    expect((await otherDevice.get("/api/user")).status).toBe(401);
    expect((await server.client().post("/api/auth/login", { username: me.name, password: PASSWORD })).status).toBe(401);

    for (const [table, column] of [
      ["users", "id"], ["cards", "user_id"], ["pulls", "user_id"], ["fairness_reveals", "user_id"], ["player_scores", "user_id"],
      ["reward_claims", "user_id"], ["chat_messages", "user_id"], ["chat_mutes", "user_id"], ["sessions", "user_id"],
      ["player_blocks", "blocker_id"], ["player_blocks", "blocked_id"], ["battles", "user_id"], ["battles", "opponent_user_id"],
      ["trades", "from_user_id"], ["trades", "to_user_id"], ["purchases", "user_id"], ["chat_reports", "reporter_id"], ["chat_reports", "reported_user_id"],
    ] as const) {
      expect(await count(table, (q) => q.where(column, me.id)), `${table}.${column}`).toBe(0);
    }
    expect(await count("users", (q) => q.whereRaw("lower(display_name) = lower(?)", [shown]).orWhereRaw("lower(email) = lower(?)", [`erased${n}@example.com`]))).toBe(0);
    expect(await count("battles", (q) => q.where({ id: myBattle }))).toBe(0);

    // Purchases stay, without identity: amounts, status and dates as they were; the open one ended.
    const kept = await server.db("purchases").whereIn("id", [paid, refunded, open]).orderBy("id");
    expect(kept.map((r: any) => [r.user_id, r.amount_cents, r.status])).toEqual([[null, 499, "completed"], [null, 999, "refunded"], [null, 199, "abandoned"]]);
    expect(new Date(kept[0].created_at).toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(new Date(kept[0].completed_at).toISOString()).toBe("2026-11-01T10:01:00.000Z");
    expect(kept[2].ended_at).not.toBeNull();
    expect((await server.db("purchases").where({ id: othersPurchase }).first()).user_id).toBe(other.id);

    // The other player's battles stay, anonymised: my name and id are gone, their result holds.
    const theirs2 = await server.db("battles").whereIn("id", [iWon, theyWon, vsBot]).orderBy("id");
    expect(theirs2.map((b: any) => [b.opponent_user_id, b.player2_name, b.winner_user_id])).toEqual([
      [null, MSG.deletedPlayerName, ARENA_BOT_ID],
      [null, MSG.deletedPlayerName, other.id],
      [null, "Arena Bot", ARENA_BOT_ID],
    ]);
    expect((await other.client.get(`/api/battle/${iWon}`)).status).toBe(200);

    // Reports: both stay for operators, without me; the report of my message keeps its text.
    const reports = await server.db("chat_reports").where((q: any) => q.where({ message_id: theirs }).orWhere({ message_text: "hello from me" })).orderBy("id");
    expect(reports.map((r: any) => [r.reporter_id, r.reported_user_id, r.message_text])).toEqual([
      [null, other.id, "buy coins at example.test"],
      [other.id, null, "hello from me"],
    ]);
    // The other player keeps everything of theirs.
    expect(await count("cards", (q) => q.where({ user_id: other.id }))).toBe(3);
    expect((await other.client.get("/api/user")).status).toBe(200);
    expect((await scoreLedger(server.db)).mismatches).toBe(0);
  });

  it("frees the login username and the display name (RULES.md: nothing identifies the player afterwards)", async () => {
    const p = await player("Reuse");
    await p.client.post("/api/set-username", { displayName: `Again${n}` });
    const shown = `Again${n}`;
    expect((await remove(p)).status).toBe(200);
    const again = await signedUpClient(server, p.name, "second-lantern-47");
    expect((await again.get("/api/user")).body.username).toBe(p.name);
    expect((await again.post("/api/check-username", { displayName: shown })).body).toEqual({ available: true });
  });

  it("cleans up trades in progress both ways; the other player's cards stay theirs and free to trade", async () => {
    const me = await player("Trader");
    const other = await player("Partner");
    const third = await player("Third");
    const sent = await me.client.post("/api/trade/offer", { toUserId: other.id, offeredCardIds: [me.cards[0]], requestedCardId: other.cards[0] });
    expect(sent.status).toBeLessThan(300);
    const received = await other.client.post("/api/trade/offer", { toUserId: me.id, offeredCardIds: [other.cards[1]], requestedCardId: me.cards[1] });
    expect(received.status).toBeLessThan(300);
    const ledger = await scoreLedger(server.db);

    expect((await remove(me)).status).toBe(200);
    expect(await count("trades", (q) => q.where("from_user_id", me.id).orWhere("to_user_id", me.id))).toBe(0);
    expect((await server.db("cards").whereIn("id", other.cards).orderBy("id").select("user_id")).map((r: any) => r.user_id)).toEqual([other.id, other.id, other.id]);
    const after = await scoreLedger(server.db);
    expect(after).toEqual({ cards: ledger.cards - 3, mismatches: 0 });
    // The card the other player offered to me is free again: they offer it to someone else.
    expect((await other.client.post("/api/trade/offer", { toUserId: third.id, offeredCardIds: [other.cards[1]], requestedCardId: third.cards[0] })).status).toBeLessThan(300);
    expect((await other.client.get("/api/trades")).status).toBeLessThan(500);
  });

  it("leaves the leaderboard at once, and its player count drops", async () => {
    const me = await player("Ranked", 5);
    const watcher = await player("Watcher");
    const board = async () => {
      const res = await watcher.client.get("/api/leaderboard?limit=200");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { total: Number(res.headers.get("x-total-count")), ids: (res.body as any[]).map((e) => e.user.id) };
    };
    const before = await board();
    expect(before.ids).toContain(me.id);
    expect((await remove(me)).status).toBe(200);
    const after = await board();
    expect(after.ids).not.toContain(me.id);
    expect(after.total).toBe(before.total - 1);
    expect((await server.db("leaderboard_stats").first()).players).toBe(after.total);
  });

  it("two deletes at once: one erases, the other is refused; nothing half-done", async () => {
    const me = await player("Twice");
    const second = server.client();
    await second.post("/api/auth/login", { username: me.name, password: PASSWORD });
    const [a, b] = await Promise.all([remove(me), second.post("/api/user/delete", { password: PASSWORD })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 400, 401]).toContain(statuses[1]);
    expect(await count("users", (q) => q.where({ id: me.id }))).toBe(0);
    expect(await count("cards", (q) => q.where({ user_id: me.id }))).toBe(0);
    expect((await scoreLedger(server.db)).mismatches).toBe(0);
  });

  it("a delete during open-pack leaves no card, pull or score of the player behind", async () => {
    const me = await player("Opener", 0);
    await server.db("users").where({ id: me.id }).update({ coins: 50 });
    const opens = Array.from({ length: 4 }, () => me.client.post("/api/open-pack", { set: 1 }));
    const [deleted, ...packs] = await Promise.all([remove(me), ...opens]);
    expect(deleted.status).toBe(200);
    for (const p of packs) expect([200, 401]).toContain(p.status);
    for (const table of ["cards", "pulls", "player_scores"]) expect(await count(table, (q) => q.where({ user_id: me.id })), table).toBe(0);
    expect((await me.client.post("/api/open-pack", { set: 1 })).status).toBe(401);
    expect((await scoreLedger(server.db)).mismatches).toBe(0);
  });
});
