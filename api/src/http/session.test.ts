import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";
import { decodeSession, encodeSession, SESSION_COOKIE } from "./session.ts";

// The session is a signed cookie (no database read to learn who is asking), but the sessions
// table decides whether it still counts: every way of ending a session must end it everywhere,
// on the hot open-pack path (which checks inside its own statement) as on every other route.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const replay = (cookie: string) => {
  const c = server.client();
  return {
    user: () => c.get("/api/user", { Cookie: `${SESSION_COOKIE}=${cookie}` }),
    openPack: () => c.post("/api/open-pack", { set: 1 }, { Cookie: `${SESSION_COOKIE}=${cookie}` }),
  };
};

async function expectRefused(cookie: string) {
  const other = replay(cookie);
  const pack = await other.openPack();
  expect(pack).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  // The refusal also tells the browser to forget the cookie.
  expect(pack.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  expect(await other.user()).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
}

async function openOnce(c: ApiClient) {
  const res = await c.post("/api/open-pack", { set: 1 });
  expect(res.status).toBe(200);
  return res;
}

describe("session revocation with signed cookies", () => {
  it("sign-out ends the session: a copy of the cookie opens no pack and reads nothing", async () => {
    const c = await signedUpClient(server, "Revoker1");
    await openOnce(c); // the hot path has now seen this player
    const cookie = c.cookie(SESSION_COOKIE)!;
    await c.post("/api/auth/logout");
    await expectRefused(cookie);
  });

  it("a password change signs out every other device, this one stays in", async () => {
    const c = await signedUpClient(server, "Revoker2", "old-lantern-81");
    const other = server.client();
    await other.post("/api/auth/login", { username: "Revoker2", password: "old-lantern-81" });
    await openOnce(other);
    const otherCookie = other.cookie(SESSION_COOKIE)!;
    expect((await c.put("/api/user/password", { currentPassword: "old-lantern-81", newPassword: "new-lantern-82" })).status).toBe(200);
    await expectRefused(otherCookie);
    await openOnce(c);
    expect((await c.get("/api/user")).status).toBe(200);
  });

  it("a deleted account's cookie is refused", async () => {
    const c = await signedUpClient(server, "Revoker3");
    await openOnce(c);
    const cookie = c.cookie(SESSION_COOKIE)!;
    await server.db("users").whereRaw("lower(username) = 'revoker3'").delete();
    await expectRefused(cookie);
  });

  it("a cookie whose player id or expiry was edited is refused without a database read", async () => {
    const victim = await signedUpClient(server, "Victim");
    const c = await signedUpClient(server, "Forger");
    const [id, , exp, sig] = c.cookie(SESSION_COOKIE)!.split(".");
    const victimId = (await victim.get("/api/user")).body.id;
    await expectRefused([id, victimId, exp, sig].join("."));
    await expectRefused([id, (await c.get("/api/user")).body.id, Number(exp) + 1000, sig].join("."));
    expect(decodeSession("secret", encodeSession("secret", { id: "x", userId: 1, expiresAt: Date.now() + 60_000 }))).toMatchObject({ id: "x", userId: 1 });
    expect(decodeSession("secret", encodeSession("other", { id: "x", userId: 1, expiresAt: Date.now() + 60_000 }))).toBeNull();
    expect(decodeSession("secret", encodeSession("secret", { id: "x", userId: 1, expiresAt: Date.now() - 1000 }))).toBeNull();
  });

  it("a session near the end of its 30 days is extended by use", async () => {
    const c = await signedUpClient(server, "Renewer");
    const before = c.cookie(SESSION_COOKIE)!;
    const { id } = decodeSession(server.config.sessionSecret, before)!;
    // Ten days left: less than half of the lifetime.
    const soon = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await server.db("sessions").where({ id }).update({ expires_at: soon });
    const claims = decodeSession(server.config.sessionSecret, before)!;
    const aged = encodeSession(server.config.sessionSecret, { ...claims, expiresAt: soon.getTime() });
    const res = await server.client().get("/api/user", { Cookie: `${SESSION_COOKIE}=${aged}` });
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
    const expires = new Date(/expires=([^;]+)/i.exec(renewed)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const row = await server.db("sessions").where({ id }).first("expires_at");
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

describe("open-pack after other writes to the player", () => {
  it("charges from the stored balance, not from what this process saw at the last pack", async () => {
    const c = await signedUpClient(server, "Spender");
    expect((await openOnce(c)).body.newCoinCount).toBe(9);
    // Another process (a purchase, a reward) changes the balance behind this one's back.
    await server.db("users").whereRaw("lower(username) = 'spender'").update({ coins: 1 });
    expect((await openOnce(c)).body.newCoinCount).toBe(0);
    expect(await c.post("/api/open-pack", { set: 1 })).toMatchObject({ status: 400, body: { error: MSG.notEnoughCoins } });
    await server.db("users").whereRaw("lower(username) = 'spender'").update({ coins: 5 });
    expect((await openOnce(c)).body.newCoinCount).toBe(4);
    const user = (await c.get("/api/user")).body;
    expect(user.coins).toBe(4);
  });
});
