import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishEvent } from "../events/publish.ts";
import { EventStreamReader } from "../testing/eventStream.ts";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startSecondProcess, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 47: live events. With PostgreSQL the second process is a second app with its own pool and
// its own LISTEN connection on the same database, as another machine would be.
let server: TestServer;
let second: { url: string; close(): Promise<void> };
const open: EventStreamReader[] = [];
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  second = await startSecondProcess(server);
});
afterAll(async () => {
  for (const s of open) s.close();
  await second?.close();
  await server?.close();
});

async function stream(client: ApiClient, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const s = await EventStreamReader.open(client, headers);
  open.push(s);
  return s;
}

async function trader(): Promise<{ client: ApiClient; id: number; name: string; cards: number[] }> {
  const name = `Live${++n}`;
  const client = await signedUpClient(server, name);
  const id = (await server.db("users").where({ username: name }).first("id")).id;
  await server.db("users").where({ id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 });
  const cards = await giveCards(server.db, id, [plainCard(1, n % 5), plainCard(2, n % 5)]);
  return { client, id, name, cards };
}

describe("GET /api/events", () => {
  it("is an event stream for signed-in players only, and starts with the served version", async () => {
    const anonymous = await EventStreamReader.open(server.client());
    expect(anonymous.status).toBe(401);
    const a = await signedUpClient(server, "Streamer");
    const s = await stream(a);
    expect(s.status).toBe(200);
    expect(s.contentType).toContain("text/event-stream");
    expect(s.events[0]).toMatchObject({ type: "hello", data: { version: expect.any(String) } });
  });

  it("delivers an offer made through one process to a stream held by the other, and its acceptance to both", async () => {
    const [a, b] = [await trader(), await trader()];
    const onOther = await stream(b.client.at(second.url));
    const mine = await stream(a.client);
    const made = await a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] });
    expect(made.status).toBe(201);
    const received = await onOther.next((e) => e.type === "trade");
    expect(received.data).toEqual({ kind: "received", tradeId: made.body.trade.id, by: a.name });
    expect(received.id).toMatch(/^\d+$/);
    expect((await b.client.at(second.url).post(`/api/trade/${made.body.trade.id}/accept`)).status).toBe(200);
    const accepted = await mine.next((e) => e.type === "trade" && e.data.kind === "accepted");
    expect(accepted.data).toEqual({ kind: "accepted", tradeId: made.body.trade.id, by: b.name });
    await onOther.next((e) => e.type === "trade" && e.data.kind === "accepted");
  });

  it("sends a chat message to every stream, and an offer only to its two players", async () => {
    const [a, b, c] = [await trader(), await trader(), await trader()];
    const [sa, sc] = [await stream(a.client), await stream(c.client.at(second.url))];
    const posted = await b.client.post("/api/chat/messages", { message: "hello, live" });
    expect(posted.status).toBe(201);
    for (const s of [sa, sc]) {
      const got = await s.next((e) => e.type === "chat" && e.data.message.id === posted.body.id);
      // The public name only (RULES.md, Accounts).
      expect(got.data.message).toEqual(posted.body);
    }
    const made = await a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] });
    expect(made.status).toBe(201);
    expect(await sc.noneWithin((e) => e.type === "trade", 500)).toBe(true);
  });

  it("never sends the event of a transaction that rolled back", async () => {
    const a = await signedUpClient(server, "Watcher");
    const s = await stream(a);
    await expect(
      server.db.transaction(async (trx) => {
        await publishEvent(trx, "deploy", { version: "rolled-back" }, "everyone");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await server.db.transaction((trx) => publishEvent(trx, "deploy", { version: "committed" }, "everyone"));
    await s.next((e) => e.type === "deploy" && e.data.version === "committed");
    expect(s.events.some((e) => e.type === "deploy" && e.data.version === "rolled-back")).toBe(false);
    expect(await server.db("live_events").whereRaw("data->>'version' = 'rolled-back'").first()).toBeUndefined();
  });

  it("replays what a reconnecting stream missed after its Last-Event-ID, on either process", async () => {
    const [a, b] = [await trader(), await trader()];
    const first = await stream(b.client);
    const posted = await a.client.post("/api/chat/messages", { message: "before the drop" });
    const seen = await first.next((e) => e.type === "chat" && e.data.message.id === posted.body.id);
    first.close();
    const missedChat = await a.client.post("/api/chat/messages", { message: "while away" });
    const missedOffer = await a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[1]], requestedCardId: b.cards[1] });
    expect(missedOffer.status).toBe(201);
    const back = await stream(b.client.at(second.url), { "Last-Event-ID": seen.id! });
    await back.next((e) => e.type === "chat" && e.data.message.id === missedChat.body.id);
    await back.next((e) => e.type === "trade" && e.data.tradeId === missedOffer.body.trade.id);
    // The same replay after a page load, where EventSource starts without the header.
    const reloaded = await stream(b.client, {});
    expect(reloaded.events.some((e) => e.type === "chat" && e.data.message.id === missedChat.body.id)).toBe(false);
    const byQuery = await EventStreamReader.open(b.client, {}, `/api/events?lastEventId=${seen.id}`);
    open.push(byQuery);
    await byQuery.next((e) => e.type === "trade" && e.data.tradeId === missedOffer.body.trade.id);
  });

  it("tells a stream to refetch when its Last-Event-ID is older than the replay window", async () => {
    const a = await signedUpClient(server, "LongGone");
    const id = (await server.db("live_events").insert({ audience: null, type: "deploy", data: JSON.stringify({ version: "old" }), created_at: new Date(Date.now() - 11 * 60_000) }).returning("id"))[0].id;
    const s = await stream(a, { "Last-Event-ID": String(id) });
    const resync = await s.next((e) => e.type === "resync");
    expect(resync.data).toEqual({ reason: "gap" });
  });

  it("keeps other players' private events private: an offer between two others is not replayed to a third", async () => {
    const [a, b, c] = [await trader(), await trader(), await trader()];
    const sc = await stream(c.client);
    const marker = await a.client.post("/api/chat/messages", { message: "marker" });
    const mark = await sc.next((e) => e.type === "chat" && e.data.message.id === marker.body.id);
    sc.close();
    expect((await a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] })).status).toBe(201);
    const after = await a.client.post("/api/chat/messages", { message: "after" });
    const back = await stream(c.client, { "Last-Event-ID": mark.id! });
    await back.next((e) => e.type === "chat" && e.data.message.id === after.body.id);
    expect(back.events.some((e) => e.type === "trade")).toBe(false);
  });

  it("tells every stream which scores a pack moved, so only players in that span refetch their rank", async () => {
    const [a, b] = [await trader(), await trader()];
    const watching = await stream(b.client.at(second.url));
    const before = Number((await server.db("users").where({ id: a.id }).first("total_score")).total_score);
    const opened = await a.client.post("/api/open-pack", { set: 1 });
    expect(opened.status).toBe(200);
    const after = Number((await server.db("users").where({ id: a.id }).first("total_score")).total_score);
    const moved = await watching.next((e) => e.type === "rank" && e.data.low <= before && e.data.high >= after);
    expect(moved.id).toBeNull();
  });

  it.runIf(process.env.DATABASE_URL)("tells its streams to refetch when its database link drops, and goes on delivering once back", async () => {
    const a = await signedUpClient(server, "Survivor");
    const s = await stream(a);
    // The listening connection is killed, as a database restart or a network cut would.
    await server.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`);
    const resync = await s.next((e) => e.type === "resync", 15_000);
    expect(resync.data).toEqual({ reason: "reconnected" });
    const posted = await a.post("/api/chat/messages", { message: "after the drop" });
    await s.next((e) => e.type === "chat" && e.data.message.id === posted.body.id);
  });

  it("opens a plain stream, with no replay and no error, for a malformed or unknown resume id", async () => {
    const a = await signedUpClient(server, "Garbled");
    for (const junk of ["abc", "-1", "1e5", "99999999999999999999", "\u0000", "1; DROP TABLE users", "0"]) {
      const byHeader = await EventStreamReader.open(a, { "Last-Event-ID": junk.replace(/[^\x20-\x7e]/g, "?") });
      open.push(byHeader);
      expect(byHeader.status).toBe(200);
      const byQuery = await EventStreamReader.open(a, {}, `/api/events?lastEventId=${encodeURIComponent(junk)}`);
      open.push(byQuery);
      // A control character in the query is refused before any route, as everywhere (400 { error }).
      expect(byQuery.status).toBe(junk.includes("\u0000") ? 400 : 200);
      byHeader.close();
      byQuery.close();
    }
    // A well-formed id that was never given out: the gap answer (refetch), not a crash.
    const unknown = await stream(a, { "Last-Event-ID": "987654321" });
    expect((await unknown.next((e) => e.type === "resync")).data).toEqual({ reason: "gap" });
  });
});

