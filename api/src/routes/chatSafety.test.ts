import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutePlayer, unmutePlayer } from "../commands/chatModeration.ts";
import { MSG } from "../contract/messages.ts";
import { utcMinute } from "../queries/chatSafety.ts";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 46, item 4: chat safety (reports, blocks, operator mutes), over HTTP on either database.
let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Player {
  client: ApiClient;
  id: number;
  name: string;
}

async function player(prefix = "Safe"): Promise<Player> {
  const name = `${prefix}${++n}`;
  const client = await signedUpClient(server, name);
  const id = (await server.db("users").where({ username: name }).first("id")).id;
  return { client, id, name };
}

async function say(p: Player, message: string): Promise<number> {
  const res = await p.client.post("/api/chat/messages", { message });
  expect(res.status).toBe(201);
  return res.body.id;
}

const report = (p: Player, messageId: number | string, reason: unknown = "spam") => p.client.post(`/api/chat/messages/${messageId}/report`, { reason });
const block = (p: Player, userId: unknown) => p.client.post("/api/blocks", { userId });
const unblock = (p: Player, userId: number | string) => p.client.request("DELETE", `/api/blocks/${userId}`);
const chatIds = async (p: Player) => ((await p.client.get("/api/chat/messages")).body as Array<{ id: number }>).map((m) => m.id);

describe("reporting a message", () => {
  it("stores one report per reporter per message, for operators, with the reported player and the text", async () => {
    const [author, reporter] = [await player(), await player()];
    const id = await say(author, "buy coins at example.test");
    const first = await report(reporter, id, "spam");
    expect(first).toMatchObject({ status: 201, body: { messageId: id, reason: "spam", alreadyReported: false } });
    // A repeat is answered with the first report, whatever reason it names; nothing new is stored.
    const again = await report(reporter, id, "hate");
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, reason: "spam", alreadyReported: true } });
    const rows = await server.db("chat_reports").where({ message_id: id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: reporter.id, reported_user_id: author.id, reason: "spam", message_text: "buy coins at example.test", resolved_at: null, resolved_by: null });
    expect(rows[0].created_at).toBeInstanceOf(Date);
    // Another player's report of the same message is a report of its own.
    const other = await player();
    expect((await report(other, id, "harassment")).status).toBe(201);
    expect(await server.db("chat_reports").where({ message_id: id }).count("* as n").first()).toMatchObject({ n: 2 });
  });

  it("two reports sent at once make one row", async () => {
    const [author, reporter] = [await player(), await player()];
    const id = await say(author, "annoying");
    const results = await Promise.all(Array.from({ length: 6 }, () => report(reporter, id, "other")));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await server.db("chat_reports").where({ message_id: id }).count("* as n").first()).toMatchObject({ n: 1 });
  });

  it("refuses my own message, unknown messages, unknown reasons, and players not signed in", async () => {
    const me = await player();
    const mine = await say(me, "my own words");
    expect(await report(me, mine)).toMatchObject({ status: 400, body: { error: MSG.reportOwnMessage } });
    expect(await report(me, 99_999_999)).toMatchObject({ status: 404, body: { error: MSG.reportMessageMissing } });
    expect(await report(me, "abc")).toMatchObject({ status: 404, body: { error: MSG.reportMessageMissing } });
    expect(await report(me, "99999999999")).toMatchObject({ status: 404, body: { error: MSG.reportMessageMissing } });
    const other = await player();
    for (const reason of ["rude", "", 3, null, { spam: true }]) {
      expect(await report(other, mine, reason)).toMatchObject({ status: 400, body: { error: MSG.reportReasonInvalid } });
    }
    for (const reason of ["spam", "harassment", "hate", "illegal", "other"]) {
      const p = await player();
      expect((await report(p, mine, reason)).status).toBe(201);
    }
    expect(await server.client().post(`/api/chat/messages/${mine}/report`, { reason: "spam" })).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
    expect(await server.db("chat_reports").where({ message_id: mine, reporter_id: me.id }).first()).toBeUndefined();
  });
});

describe("blocking a player", () => {
  it("hides the blocked player's messages from the blocker only, at once, and unblocking shows them again", async () => {
    const [troll, me, bystander] = [await player(), await player(), await player()];
    const hidden = await say(troll, "nasty");
    const kept = await say(bystander, "hello");
    expect(await chatIds(me)).toEqual(expect.arrayContaining([hidden, kept]));
    expect(await block(me, troll.id)).toMatchObject({ status: 201, body: { userId: troll.id, displayName: troll.name } });
    expect(await block(me, troll.id)).toMatchObject({ status: 200, body: { userId: troll.id } });
    const later = await say(troll, "still nasty");
    const mineNow = await chatIds(me);
    expect(mineNow).toContain(kept);
    expect(mineNow).not.toContain(hidden);
    expect(mineNow).not.toContain(later);
    // Everyone else, the troll included, still reads them.
    expect(await chatIds(bystander)).toEqual(expect.arrayContaining([hidden, later, kept]));
    expect(await chatIds(troll)).toEqual(expect.arrayContaining([hidden, later, kept]));
    // My own posts still come back to me, and the troll sees them.
    const mine = await say(me, "bye");
    expect(await chatIds(troll)).toContain(mine);

    expect((await unblock(me, troll.id)).status).toBe(204);
    expect((await unblock(me, troll.id)).status).toBe(204);
    expect(await chatIds(me)).toEqual(expect.arrayContaining([hidden, later, kept]));
  });

  it("fills the page with the newest 50 messages I may see", async () => {
    const [flood, me, friend] = [await player(), await player(), await player()];
    const old = new Date(Date.now() - 3_600_000);
    await server.db("chat_messages").insert(Array.from({ length: 60 }, (_, i) => ({ user_id: friend.id, message: `friend ${i}`, created_at: old })));
    await server.db("chat_messages").insert(Array.from({ length: 60 }, (_, i) => ({ user_id: flood.id, message: `flood ${i}`, created_at: old })));
    await block(me, flood.id);
    const list = (await me.client.get("/api/chat/messages")).body as Array<{ user: { id: number }; message: string }>;
    expect(list).toHaveLength(50);
    expect(list.every((m) => m.user.id === friend.id)).toBe(true);
    expect(list.map((m) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `friend ${i + 10}`));
    // Everyone else's page is the flood's newest 50.
    expect(((await friend.client.get("/api/chat/messages")).body as Array<{ user: { id: number } }>).every((m) => m.user.id === flood.id)).toBe(true);
  });

  it("lists my blocks by display name only, newest first", async () => {
    const [me, a, b] = [await player(), await player(), await player()];
    await block(me, a.id);
    await block(me, b.id);
    const list = await me.client.get("/api/blocks");
    expect(list.status).toBe(200);
    expect(list.body.map((x: { userId: number }) => x.userId).sort()).toEqual([a.id, b.id].sort());
    expect(Object.keys(list.body[0]).sort()).toEqual(["blockedAt", "displayName", "userId"]);
    // A player with a display name that differs from the login: the login never shows.
    await server.db("users").where({ id: a.id }).update({ display_name: "PublicFace" });
    const again = (await me.client.get("/api/blocks")).body;
    expect(again.find((x: { userId: number }) => x.userId === a.id).displayName).toBe("PublicFace");
    expect(JSON.stringify(again)).not.toContain(a.name);
    expect((await a.client.get("/api/blocks")).body).toEqual([]);
    await unblock(me, b.id);
    expect((await me.client.get("/api/blocks")).body.map((x: { userId: number }) => x.userId)).toEqual([a.id]);
  });

  it("refuses blocking myself, unknown players, malformed ids, and players not signed in", async () => {
    const me = await player();
    expect(await block(me, me.id)).toMatchObject({ status: 400, body: { error: MSG.blockSelf } });
    expect(await block(me, 99_999_999)).toMatchObject({ status: 404, body: { error: MSG.blockPlayerMissing } });
    for (const bad of ["1", -1, 1.5, 2 ** 31, null]) expect(await block(me, bad)).toMatchObject({ status: 400, body: { error: MSG.blockPlayerMissing } });
    expect(await unblock(me, "x")).toMatchObject({ status: 404, body: { error: MSG.blockPlayerMissing } });
    expect(await server.client().post("/api/blocks", { userId: me.id })).toMatchObject({ status: 401 });
    expect(await server.client().get("/api/blocks")).toMatchObject({ status: 401 });
    expect(await server.db("player_blocks").where({ blocker_id: me.id })).toEqual([]);
  });

  it("blocking the same player many times at once makes one block", async () => {
    const [me, other] = [await player(), await player()];
    const results = await Promise.all(Array.from({ length: 6 }, () => block(me, other.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(await server.db("player_blocks").where({ blocker_id: me.id })).toHaveLength(1);
  });
});

describe("blocks and trade offers", () => {
  const season = (id: number) => server.db("users").where({ id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 });
  async function trader() {
    const p = await player("Swap");
    await season(p.id);
    const cards = await giveCards(server.db, p.id, [plainCard(1, 0), plainCard(1, 1)]);
    return { ...p, cards };
  }
  const offer = (from: Awaited<ReturnType<typeof trader>>, to: Awaited<ReturnType<typeof trader>>, i = 0) =>
    from.client.post("/api/trade/offer", { toUserId: to.id, offeredCardIds: [from.cards[i]], requestedCardId: to.cards[i] });

  it("refuses offers both ways: plainly to the blocker, neutrally to the blocked player", async () => {
    const [blocker, blocked, other] = [await trader(), await trader(), await trader()];
    await block(blocker, blocked.id);
    // The blocked player's offer to the blocker: a text that does not name the block.
    const toBlocker = await offer(blocked, blocker);
    expect(toBlocker).toMatchObject({ status: 403, body: { error: MSG.tradeNotAccepting } });
    expect(toBlocker.body.error.toLowerCase()).not.toContain("block");
    // The blocker's own offer to the player they blocked: they know, so they are told.
    expect(await offer(blocker, blocked)).toMatchObject({ status: 400, body: { error: MSG.tradeYouBlocked } });
    // Neither changes anyone else's trading.
    expect((await offer(blocked, other)).status).toBe(201);
    expect((await offer(other, blocker)).status).toBe(201);
    expect(await server.db("trades").whereIn("from_user_id", [blocker.id, blocked.id]).whereIn("to_user_id", [blocker.id, blocked.id])).toEqual([]);
    // Unblocked: offers go through again.
    await unblock(blocker, blocked.id);
    expect((await offer(blocked, blocker)).status).toBe(201);
    expect((await offer(blocker, blocked, 1)).status).toBe(201);
  });

  it("an offer sent before a block cannot be accepted after it, by either player", async () => {
    const [a, b] = [await trader(), await trader()];
    const fromA = (await offer(a, b)).body.trade.id;
    const fromB = (await offer(b, a, 1)).body.trade.id;
    await block(b, a.id);
    expect(await b.client.post(`/api/trade/${fromA}/accept`)).toMatchObject({ status: 400, body: { error: MSG.tradeYouBlocked } });
    expect(await a.client.post(`/api/trade/${fromB}/accept`)).toMatchObject({ status: 403, body: { error: MSG.tradeNotAccepting } });
    expect(await server.db("trades").whereIn("id", [fromA, fromB]).pluck("status")).toEqual(["pending", "pending"]);
    // Declining stays possible.
    expect((await b.client.post(`/api/trade/${fromA}/decline`)).status).toBe(200);
  });
});

describe("operator mutes", () => {
  it("refuses a muted player's posts, saying until when, and lets them post once lifted", async () => {
    const p = await player();
    await say(p, "before");
    const mute = await mutePlayer(server.db, "ops-test", p.name, 30, "spam");
    const refused = await p.client.post("/api/chat/messages", { message: "during" });
    expect(refused).toMatchObject({ status: 403, body: { error: MSG.chatMuted(utcMinute(mute.until), "spam") } });
    expect(refused.body.error).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(spam\)\./);
    // The mute is stored for operators.
    expect(await server.db("chat_mutes").where({ user_id: p.id }).first()).toMatchObject({ reason: "spam", muted_by: "ops-test", lifted_at: null });
    // Reading, reporting and blocking still work while muted; other players still post.
    expect((await p.client.get("/api/chat/messages")).status).toBe(200);
    const other = await player();
    expect((await other.client.post("/api/chat/messages", { message: "free" })).status).toBe(201);
    expect((await unmutePlayer(server.db, "ops-test", p.name)).lifted).toBe(1);
    expect((await p.client.post("/api/chat/messages", { message: "after" })).status).toBe(201);
  });

  it("tells a muted player before they type: GET /api/chat/status carries the end and the same notice as a refused post", async () => {
    const p = await player();
    expect((await p.client.get("/api/chat/status")).body).toEqual({ mutedUntil: null, mutedNotice: null });
    const mute = await mutePlayer(server.db, "ops-test", p.name, 45, "flooding");
    const status = await p.client.get("/api/chat/status");
    expect(status.headers.get("cache-control")).toBe("no-store");
    const refused = await p.client.post("/api/chat/messages", { message: "during" });
    expect(status.body).toEqual({ mutedUntil: mute.until.toISOString(), mutedNotice: refused.body.error });
    expect(status.body.mutedNotice).toBe(MSG.chatMuted(utcMinute(mute.until), "flooding"));
    // Another player's mute is not theirs; a lifted one is gone.
    expect((await (await player()).client.get("/api/chat/status")).body.mutedUntil).toBeNull();
    await unmutePlayer(server.db, "ops-test", p.name);
    expect((await p.client.get("/api/chat/status")).body).toEqual({ mutedUntil: null, mutedNotice: null });
    expect((await server.client().get("/api/chat/status")).status).toBe(401);
  });

  it("ends by itself when its time is over, and the longest running mute decides", async () => {
    const p = await player();
    const past = new Date(Date.now() - 10 * 60_000);
    await mutePlayer(server.db, "ops-test", p.name, 5, null, past);
    expect((await p.client.post("/api/chat/messages", { message: "free again" })).status).toBe(201);
    const short = await mutePlayer(server.db, "ops-test", p.name, 5, null);
    const long = await mutePlayer(server.db, "ops-test", p.name, 120, null);
    expect(long.until.getTime()).toBeGreaterThan(short.until.getTime());
    expect(await p.client.post("/api/chat/messages", { message: "no" })).toMatchObject({ status: 403, body: { error: MSG.chatMuted(utcMinute(long.until)) } });
  });
});
