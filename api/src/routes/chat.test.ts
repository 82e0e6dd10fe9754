import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("chat", () => {
  it("posts a trimmed message that another player then reads, as text", async () => {
    const a = await signedUpClient(server, "Talker");
    const b = await signedUpClient(server, "Listener");
    const res = await a.post("/api/chat/messages", { message: "  <b>hello</b> there  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "<b>hello</b> there", user: { username: "Talker", displayName: "Talker" } });
    const list = await b.get("/api/chat/messages?limit=50");
    expect(list.body.at(-1)).toMatchObject({ id: res.body.id, message: "<b>hello</b> there" });
    expect(list.headers.get("content-type")).toContain("application/json");
  });

  it("refuses empty and over-long messages", async () => {
    const c = await signedUpClient(server, "Quiet");
    expect(await c.post("/api/chat/messages", { message: "   " })).toMatchObject({ status: 400, body: { error: MSG.chatEmpty } });
    expect(await c.post("/api/chat/messages", {})).toMatchObject({ status: 400, body: { error: MSG.chatEmpty } });
    expect(await c.post("/api/chat/messages", { message: "x".repeat(501) })).toMatchObject({ status: 400, body: { error: MSG.chatTooLong } });
    expect((await c.post("/api/chat/messages", { message: "y".repeat(500) })).status).toBe(201);
  });

  it("refuses messages with nothing visible, and removes direction overrides and terminal escapes", async () => {
    const c = await signedUpClient(server, "Sneaky");
    for (const blank of ["\u200b\u200b", "\u2800", "\u3164", "\u0301".repeat(499)]) {
      expect(await c.post("/api/chat/messages", { message: blank })).toMatchObject({ status: 400, body: { error: MSG.chatInvisible } });
    }
    expect(await c.post("/api/chat/messages", { message: "bad\u0000byte" })).toMatchObject({ status: 400, body: { error: MSG.badCharacters } });
    expect(await c.post("/api/chat/messages", { message: "\ud800" })).toMatchObject({ status: 400, body: { error: MSG.badCharacters } });
    const shown = await c.post("/api/chat/messages", { message: "\u001b[31mred\u001b[0m and abc\u202Egnp.exe" });
    expect(shown).toMatchObject({ status: 201, body: { message: "red and abcgnp.exe" } });
  });

  it("allows 5 messages per 10 seconds per player, even sent at once", async () => {
    const c = await signedUpClient(server, "Flooder");
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => c.post("/api/chat/messages", { message: `m${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error === MSG.chatTooFast)).toBe(true);
    const other = await signedUpClient(server, "Bystander");
    expect((await other.post("/api/chat/messages", { message: "still fine" })).status).toBe(201);
  });

  it("serves the newest 50, oldest first", async () => {
    const writer = await signedUpClient(server, "Novelist");
    const user = await server.db("users").where({ username: "Novelist" }).first();
    const old = new Date(Date.now() - 3600_000);
    await server.db("chat_messages").insert(Array.from({ length: 60 }, (_, i) => ({ user_id: user.id, message: `line ${i}`, created_at: old })));
    const list = (await writer.get("/api/chat/messages?limit=50")).body;
    expect(list).toHaveLength(50);
    const ids = list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(list.at(-1).message).toBe("line 59");
    expect((await writer.get("/api/chat/messages?limit=500")).body).toHaveLength(50);
  });

  it("needs a session", async () => {
    expect(await server.client().get("/api/chat/messages")).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
    expect(await server.client().post("/api/chat/messages", { message: "hi" })).toMatchObject({ status: 401 });
  });
});
