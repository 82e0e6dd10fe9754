import { createHmac } from "node:crypto";
import { createServer, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { MSG } from "../contract/messages.ts";
import { createLogger } from "../logger.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";
import { decodeSessionData, encodeSessionData, SESSION_COOKIE, sessionCookieHeader, type SessionClaims } from "./session.ts";

// The session is koa-session's signed cookie (no database read to learn who is asking), but the
// sessions table decides whether it still counts: every way of ending a session must end it
// everywhere, on the hot open-pack path (which checks inside its own statement) as on every other route.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A Cookie header replayed by another browser. */
const replay = (cookies: string) => {
  const c = server.client();
  return {
    user: () => c.get("/api/user", { Cookie: cookies }),
    openPack: () => c.post("/api/open-pack", { set: 1 }, { Cookie: cookies }),
    // Heavy reads prove the session in their rate counter's statement (fairShare.ts).
    heavyReads: () => Promise.all(["/api/collection", "/api/trade/matches"].map((path) => c.get(path, { Cookie: cookies }))),
  };
};

async function expectRefused(cookies: string) {
  const other = replay(cookies);
  const pack = await other.openPack();
  expect(pack).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  // The refusal also tells the browser to forget the cookie.
  expect(pack.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  expect(await other.user()).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  for (const read of await other.heavyReads()) {
    expect(read).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
    expect(read.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  }
}

async function openOnce(c: ApiClient) {
  const res = await c.post("/api/open-pack", { set: 1 });
  expect(res.status).toBe(200);
  return res;
}

const claimsOf = (c: ApiClient): SessionClaims => {
  const data = decodeSessionData(c.cookie(SESSION_COOKIE)!)!;
  return { id: data.id, userId: data.userId, expiresAt: data._expire };
};

describe("session revocation with signed cookies", () => {
  it("sign-out ends the session: a copy of the cookie opens no pack and reads nothing", async () => {
    const c = await signedUpClient(server, "Revoker1");
    await openOnce(c); // the hot path has now seen this player
    const cookies = c.sessionCookies();
    await c.post("/api/auth/logout");
    await expectRefused(cookies);
  });

  it("a password change signs out every other device, this one stays in", async () => {
    const c = await signedUpClient(server, "Revoker2", "old-lantern-81");
    const other = server.client();
    await other.post("/api/auth/login", { username: "Revoker2", password: "old-lantern-81" });
    await openOnce(other);
    const otherCookies = other.sessionCookies();
    expect((await c.put("/api/user/password", { currentPassword: "old-lantern-81", newPassword: "new-lantern-82" })).status).toBe(200);
    await expectRefused(otherCookies);
    await openOnce(c);
    expect((await c.get("/api/user")).status).toBe(200);
  });

  it("a deleted account's cookie is refused", async () => {
    const c = await signedUpClient(server, "Revoker3");
    await openOnce(c);
    const cookies = c.sessionCookies();
    await server.db("users").whereRaw("lower(username) = 'revoker3'").delete();
    await expectRefused(cookies);
  });

  it("a cookie whose player id or expiry was edited, or that lost its signature, is refused without a database read", async () => {
    const victim = await signedUpClient(server, "Victim");
    const c = await signedUpClient(server, "Forger");
    const sig = c.cookie(`${SESSION_COOKIE}.sig`)!;
    const [id, uid, exp] = c.cookie(SESSION_COOKIE)!.split(".");
    const victimId = (await victim.get("/api/user")).body.id;
    const withSig = (value: string) => `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=${sig}`;
    await expectRefused(withSig([id, victimId, exp].join(".")));
    await expectRefused(withSig([id, uid, Number(exp) + 1000].join(".")));
    await expectRefused(`${SESSION_COOKIE}=${c.cookie(SESSION_COOKIE)}`);
    // Signed with another secret.
    await expectRefused(sessionCookieHeader("another-secret", claimsOf(c)));
    // The same claims signed with the server's secret are the player's own cookie.
    expect((await server.client().get("/api/user", { Cookie: sessionCookieHeader(server.config.sessionSecret, claimsOf(c)) })).status).toBe(200);
  });

  it("refuses an expired cookie, even with its row still there", async () => {
    const c = await signedUpClient(server, "Expired");
    await expectRefused(sessionCookieHeader(server.config.sessionSecret, { ...claimsOf(c), expiresAt: Date.now() - 1000 }));
  });

  it("clears a cookie of the hand-written layer before koa-session: the player signs in again", async () => {
    const c = await signedUpClient(server, "OldCookie");
    const { id, userId, expiresAt } = claimsOf(c);
    const payload = `${id}.${userId}.${Math.floor(expiresAt / 1000)}`;
    const old = `${payload}.${createHmac("sha256", server.config.sessionSecret).update(payload).digest("base64url")}`;
    await expectRefused(`${SESSION_COOKIE}=${old}`);
  });

  it("encodes the cookie compactly and refuses values it did not write", () => {
    const data = { id: "a".repeat(32), userId: 7, _expire: 1_900_000_000_000 };
    expect(encodeSessionData(data)).toBe(`${"a".repeat(32)}.7.1900000000`);
    expect(decodeSessionData(encodeSessionData(data))).toEqual(data);
    for (const bad of ["", "x.1.2", `${"a".repeat(32)}.x.1`, `${"a".repeat(32)}.1`, `${"a".repeat(32)}.1.2.3`, `${"a".repeat(32)}.-1.2`, "eyJpZCI6MX0="]) {
      expect(decodeSessionData(bad)).toBeNull();
    }
  });

  it("sets httpOnly, SameSite=Lax cookies, Secure behind an https proxy (TRUST_PROXY)", async () => {
    const plain = await server.client().post("/api/auth/register", { username: "CookiePlain", password: "brisk-otter-93", displayName: "CookieP", ageConfirmed: true, termsAccepted: true });
    expect(plain.status).toBe(201);
    const lines = plain.headers.getSetCookie();
    for (const name of [SESSION_COOKIE, `${SESSION_COOKIE}.sig`]) {
      const line = lines.find((l) => l.startsWith(`${name}=`))!;
      expect(line).toMatch(/httponly/i);
      expect(line).toMatch(/samesite=lax/i);
      expect(line).not.toMatch(/secure/i);
    }
    const proxied = createServer(createApp({ db: server.db, config: { ...server.config, trustProxy: 1 }, log: createLogger({ silent: true }) }).callback());
    await new Promise<void>((r) => proxied.listen(0, "127.0.0.1", r));
    try {
      const port = (proxied.address() as { port: number }).port;
      const body = JSON.stringify({ username: "CookieSecure", password: "brisk-otter-93", displayName: "CookieS", ageConfirmed: true, termsAccepted: true });
      // node:http, not fetch: fetch does not send a Host of the test's choosing.
      const res = await new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, method: "POST", path: "/api/auth/register", headers: { "Content-Type": "application/json", Origin: "https://foilbound.example", Host: "foilbound.example", "X-Forwarded-Proto": "https" } },
          (r) => {
            r.resume();
            r.on("end", () => resolve({ status: r.statusCode!, setCookie: r.headers["set-cookie"] ?? [] }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
      expect(res.status).toBe(201);
      const secure = res.setCookie.filter((l) => l.startsWith(`${SESSION_COOKIE}`));
      expect(secure).toHaveLength(2);
      for (const line of secure) expect(line).toMatch(/; secure/i);
    } finally {
      proxied.closeAllConnections();
      await new Promise((r) => proxied.close(r));
    }
  });

  it("a session near the end of its 30 days is extended by use", async () => {
    const c = await signedUpClient(server, "Renewer");
    const claims = claimsOf(c);
    // Ten days left: less than half of the lifetime.
    const soon = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await server.db("sessions").where({ id: claims.id }).update({ expires_at: soon });
    const aged = sessionCookieHeader(server.config.sessionSecret, { ...claims, expiresAt: soon.getTime() });
    // A request that does not prove the row renews nothing.
    const health = await server.client().get("/api/health", { Cookie: aged });
    expect(health.headers.getSetCookie()).toEqual([]);
    const res = await server.client().get("/api/user", { Cookie: aged });
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
    const expires = new Date(/expires=([^;]+)/i.exec(renewed)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const value = /^[^=]+=([^;]*)/.exec(renewed)![1]!;
    expect(decodeSessionData(value)).toMatchObject({ id: claims.id, userId: claims.userId });
    expect(decodeSessionData(value)!._expire - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const row = await server.db("sessions").where({ id: claims.id }).first("expires_at");
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    // The renewed cookie (value and signature) is accepted.
    const sig = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}.sig=`))!.split(";")[0]!;
    expect((await server.client().get("/api/user", { Cookie: `${SESSION_COOKIE}=${value}; ${sig}` })).status).toBe(200);
    // A fresh session is not rewritten on use.
    expect((await c.get("/api/user")).headers.getSetCookie()).toEqual([]);
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
