import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { COMMON_PASSWORD_COUNT } from "../lib/passwordPolicy.ts";
import { newFairnessColumns } from "../lib/fairSeeds.ts";
import { hashPassword } from "../lib/passwords.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { AUTH_WINDOW_MS } from "../http/rateLimit.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const register = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: "violet-harbour-42",
  displayName: username,
  ageConfirmed: true,
  termsAccepted: true,
  ...extra,
});

describe("POST /api/auth/register", () => {
  it("creates the account with 10 coins, 0 gems, signs the player in and records the 18+ confirmation", async () => {
    const c = server.client();
    const res = await c.post("/api/auth/register", register("Newbie_1"));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: "Newbie_1", displayName: "Newbie_1", coins: 10, gems: 0, email: null });
    expect(c.cookie(SESSION_COOKIE)).toBeTruthy();
    const me = await c.get("/api/auth");
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe("Newbie_1");
    const row = await server.db("users").where({ username: "Newbie_1" }).first();
    expect(row.age_confirmed_at).toBeTruthy();
    expect(row.terms_accepted_at).toBeTruthy();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a taken username, whatever its case", async () => {
    await signedUpClient(server, "TakenName");
    const res = await server.client().post("/api/auth/register", register("takenname"));
    expect(res).toMatchObject({ status: 409, body: { error: MSG.usernameTaken } });
  });

  it("needs the age confirmation and the accepted terms", async () => {
    const c = server.client();
    expect(await c.post("/api/auth/register", register("noage", { ageConfirmed: false }))).toMatchObject({
      status: 400,
      body: { error: MSG.ageConfirmationRequired },
    });
    expect(await c.post("/api/auth/register", register("noterms", { termsAccepted: undefined }))).toMatchObject({
      status: 400,
      body: { error: MSG.termsRequired },
    });
    expect(await server.db("users").whereIn("username", ["noage", "noterms"])).toHaveLength(0);
  });

  it("applies the username and password rules with the spec's texts", async () => {
    const c = server.client();
    expect((await c.post("/api/auth/register", register("bad name!"))).body.error).toBe(MSG.displayNameInvalid);
    expect((await c.post("/api/auth/register", register("x"))).body.error).toBe(MSG.displayNameInvalid);
    expect((await c.post("/api/auth/register", register("a".repeat(21)))).body.error).toBe(MSG.displayNameInvalid);
    expect((await c.post("/api/auth/register", register("shortpw", { password: "abcdefg" }))).body.error).toBe(MSG.newPasswordTooShort);
    expect((await c.post("/api/auth/register", register("longpw", { password: "a".repeat(129) }))).body.error).toBe(MSG.newPasswordTooLong);
    expect((await c.post("/api/auth/register", { password: "violet-harbour-42" })).body.error).toBe(MSG.loginRequired);
  });

  it("refuses weak new passwords: the username itself and the most common ones (RULES.md, Accounts)", async () => {
    const c = server.client();
    expect(COMMON_PASSWORD_COUNT()).toBeGreaterThanOrEqual(10_000);
    for (const common of ["12345678", "password1", "iloveyou", "qwertyuiop", "Sunshine1"]) {
      expect(await c.post("/api/auth/register", register("weakling", { password: common })), common).toMatchObject({ status: 400, body: { error: MSG.passwordTooCommon } });
    }
    expect(await c.post("/api/auth/register", register("Mirrorname", { password: "mirrorNAME" }))).toMatchObject({ status: 400, body: { error: MSG.passwordIsUsername } });
    expect(await server.db("users").whereRaw("lower(username) in ('weakling', 'mirrorname')")).toEqual([]);
    // A 16-character passphrase is welcome (SPEC.md's 15-character cap refused it).
    expect((await c.post("/api/auth/register", register("Passphraser", { password: "correct horse battery" }))).status).toBe(201);
  });

  it("says before the terms dialog whether a new account's password would be refused, in registration's words (issue 44)", async () => {
    const c = server.client();
    const check = (username: string, password: string) => c.post("/api/auth/new-account-check", { username, password });
    expect(await check("weakcheck", "password1")).toMatchObject({ status: 400, body: { error: MSG.passwordTooCommon } });
    expect(await check("weakcheck", "abc123")).toMatchObject({ status: 400, body: { error: MSG.newPasswordTooShort } });
    expect(await check("Mirrorcheck", "MIRRORCHECK")).toMatchObject({ status: 400, body: { error: MSG.passwordIsUsername } });
    expect(await check("bad name!", "violet-harbour-42")).toMatchObject({ status: 400, body: { error: MSG.displayNameInvalid } });
    expect(await check("weakcheck", "violet-harbour-42")).toMatchObject({ status: 200, body: { ok: true } });
    // A check makes nothing.
    expect(await server.db("users").whereRaw("lower(username) = 'weakcheck'")).toEqual([]);
  });

  it("still signs in an older account whose password is 5-15 characters", async () => {
    await server.db("users").insert({ username: "Oldtimer", display_name: "Oldtimer", password_hash: await hashPassword("abcde"), coins: 10, gems: 0, last_coin_generation: new Date(), age_confirmed_at: new Date(), terms_accepted_at: new Date(), ...newFairnessColumns() });
    expect((await server.client().post("/api/auth/login", { username: "Oldtimer", password: "abcde" })).status).toBe(200);
  });

  it("leaves the display name unset when someone else already uses it, for the choose-username screen", async () => {
    const a = await signedUpClient(server, "alpha_dn");
    expect((await a.post("/api/set-username", { displayName: "bravo_dn" })).status).toBe(200);
    const res = await server.client().post("/api/auth/register", register("bravo_dn"));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: "bravo_dn", displayName: null });
  });

  it("lets exactly one of many parallel sign-ups for one name through", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => server.client().post("/api/auth/register", register("RaceName"))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === MSG.usernameTaken)).toBe(true);
    expect(await server.db("users").whereRaw("lower(username) = 'racename'")).toHaveLength(1);
  });
});

describe("POST /api/auth/login", () => {
  beforeAll(async () => {
    await signedUpClient(server, "Returning", "hunter-lantern-22");
  });

  it("signs in with the right password, case-insensitively on the name, with a new session id", async () => {
    const c = server.client();
    await c.get("/api/auth");
    const res = await c.post("/api/auth/login", { username: "returning", password: "hunter-lantern-22" });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe("Returning");
    const first = c.cookie(SESSION_COOKIE);
    await c.post("/api/auth/login", { username: "Returning", password: "hunter-lantern-22" });
    expect(c.cookie(SESSION_COOKIE)).toBeTruthy();
    expect(c.cookie(SESSION_COOKIE)).not.toBe(first);
    expect((await c.get("/api/user")).status).toBe(200);
  });

  it("answers 'Invalid username' for an unknown name, so the game can offer account creation", async () => {
    const res = await server.client().post("/api/auth/login", { username: "nobody_here", password: "whatever" });
    expect(res).toMatchObject({ status: 401, body: { error: MSG.invalidUsername } });
  });

  it("answers a message with 'Invalid' and 'password' for a wrong password", async () => {
    const res = await server.client().post("/api/auth/login", { username: "Returning", password: "wrongpw" });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/Invalid/);
    expect(res.body.error).toMatch(/password/);
  });

  it("validates input with the spec's texts", async () => {
    const c = server.client();
    expect((await c.post("/api/auth/login", { username: "", password: "" })).body.error).toBe(MSG.loginRequired);
    expect((await c.post("/api/auth/login", { username: "abc" })).body.error).toBe(MSG.loginRequired);
    expect((await c.post("/api/auth/login", { username: "abc", password: "1234" })).body.error).toBe(MSG.passwordLength);
    expect((await c.post("/api/auth/login", { username: "abc", password: "x".repeat(129) })).body.error).toBe(MSG.newPasswordTooLong);
    expect((await c.post("/api/auth/login", { username: "a b", password: "12345" })).body.error).toBe(MSG.usernameChars);
    expect((await c.post("/api/auth/login", { username: "a".repeat(21), password: "12345" })).body.error).toBe(MSG.usernameChars);
    const malformed = await c.post("/api/auth/login", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBeTruthy();
  });

  it("rate limits guessing one username with a clear 429", async () => {
    await signedUpClient(server, "Guarded");
    // Twelve guesses that straddled a window's end would count again (a CI run met 07:45:00).
    await clearOfWindowEdge(AUTH_WINDOW_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await server.client().post("/api/auth/login", { username: "Guarded", password: `guess${i}` })).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await server.client().post("/api/auth/login", { username: "guarded", password: "violet-harbour-42" });
    expect(blocked).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
    // When to try again: the rest of the window, in whole seconds.
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_WINDOW_MS / 1000);
  });
});

describe("rate limit per IP", () => {
  it("stops one address from trying many accounts", async () => {
    const strict = await startTestServer({ authAttemptsPerIp: 5 });
    try {
      await clearOfWindowEdge(AUTH_WINDOW_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await strict.client().post("/api/auth/login", { username: `someone${i}`, password: "violet-harbour-42" })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe("behind a proxy (TRUST_PROXY=1)", () => {
  it("counts the address the proxy saw, not one the client wrote into X-Forwarded-For", async () => {
    const proxied = await startTestServer({ authAttemptsPerIp: 5, trustProxy: 1 });
    try {
      // The proxy appends the address it saw (203.0.113.9); everything before it is the client's own writing.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const forged = { "X-Forwarded-For": `10.${i}.0.1, 198.51.100.${i}, 203.0.113.9` };
        statuses.push((await proxied.client().post("/api/auth/login", { username: `someone${i}`, password: "violet-harbour-42" }, forged)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Another real client behind the same proxy is not held back.
      const other = await proxied.client().post("/api/auth/login", { username: "someone9", password: "violet-harbour-42" }, { "X-Forwarded-For": "203.0.113.10" });
      expect(other.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe("GET /api/auth and POST /api/auth/logout", () => {
  it("says 'Not authenticated' without a session", async () => {
    expect(await server.client().get("/api/auth")).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });

  it("signs out: the old cookie no longer works", async () => {
    const c = await signedUpClient(server, "Leaver");
    const cookie = c.sessionCookies();
    expect((await c.post("/api/auth/logout")).body).toEqual({ ok: true });
    expect((await c.get("/api/auth")).status).toBe(401);
    // The signed cookie is still well-formed: it is the deleted session row that refuses it.
    const replay = await server.client().get("/api/auth", { Cookie: cookie });
    expect(replay.status).toBe(401);
    const pack = await server.client().post("/api/open-pack", { set: 1 }, { Cookie: cookie });
    expect(pack).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });

  it("keeps sessions in the database, so another API process accepts them", async () => {
    const c = await signedUpClient(server, "Persistent");
    const rows = await server.db("sessions").whereNotNull("user_id");
    expect(rows.length).toBeGreaterThan(0);
    const { createApp } = await import("../app.ts");
    const { createLogger } = await import("../logger.ts");
    const { createServer } = await import("node:http");
    const second = createServer(createApp({ db: server.db, config: server.config, log: createLogger({ silent: true }) }).callback());
    await new Promise<void>((r) => second.listen(0, "127.0.0.1", r));
    const port = (second.address() as { port: number }).port;
    const cookies = c.sessionCookies();
    const res = await fetch(`http://127.0.0.1:${port}/api/auth`, { headers: { Cookie: cookies } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { username: string } }).user.username).toBe("Persistent");
    second.closeAllConnections();
    await new Promise((r) => second.close(r));
  });

  it("sets an httpOnly, SameSite=Lax session cookie that lasts 30 days", async () => {
    const res = await server.client().post("/api/auth/register", register("CookieCheck"));
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
    expect(line).toMatch(/httponly/i);
    expect(line).toMatch(/samesite=lax/i);
    const expires = new Date(/expires=([^;]+)/i.exec(line)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

// A password change from another device, in flight: the new hash written (and, for a change made
// there, every session ended), not yet committed. The request under test runs meanwhile; the change
// commits once that request has answered or waits on the account's row. PostgreSQL only: the
// embedded database runs one statement at a time, so nothing overlaps there.
describe.runIf(!!process.env.DATABASE_URL)("password changes racing other requests (PostgreSQL)", () => {
  const OLD = "old-lantern-4455";
  const NEW = "new-lantern-9988";

  async function whileChangeInFlight<T>(userId: number, endSessions: boolean, request: () => Promise<T>): Promise<T> {
    const newHash = await hashPassword(NEW);
    const trx = await server.db.transaction();
    try {
      await trx("users").where({ id: userId }).update({ password_hash: newHash });
      if (endSessions) await trx("sessions").where({ user_id: userId }).delete();
      let answered = false;
      const pending = request().finally(() => (answered = true));
      const waitsOnLock = async () => {
        const { rows } = (await server.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as { rows: Array<{ n: number }> };
        return rows[0]!.n > 0;
      };
      for (let i = 0; i < 400 && !answered && !(await waitsOnLock()); i++) await new Promise((r) => setTimeout(r, 25));
      await trx.commit();
      return await pending;
    } catch (err) {
      await trx.rollback().catch(() => {});
      throw err;
    }
  }

  it("a sign-in with the old password does not outlive a password change made meanwhile", async () => {
    const owner = await signedUpClient(server, "RaceOwner", OLD);
    const userId = (await owner.get("/api/user")).body.id as number;
    const elsewhere = server.client();
    const res = await whileChangeInFlight(userId, true, () => elsewhere.post("/api/auth/login", { username: "RaceOwner", password: OLD }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(MSG.invalidPassword);
    expect(await server.db("sessions").where({ user_id: userId }).count({ n: "*" }).first()).toEqual({ n: 0 });
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await server.client().post("/api/auth/login", { username: "RaceOwner", password: NEW })).status).toBe(200);
  });

  it("an e-mail change typed with the old password while another device changes it is refused", async () => {
    const owner = await signedUpClient(server, "RaceMail", OLD);
    const userId = (await owner.get("/api/user")).body.id as number;
    const res = await whileChangeInFlight(userId, false, () => owner.put("/api/user/email", { email: "racemail@example.com", password: OLD }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.currentPasswordWrong);
    expect((await server.db("users").where({ id: userId }).first("email")).email).toBeNull();
  });

  it("a change typed with the old password after another device changed it is refused, not applied over it", async () => {
    const owner = await signedUpClient(server, "RaceTwice", OLD);
    const userId = (await owner.get("/api/user")).body.id as number;
    const res = await whileChangeInFlight(userId, false, () => owner.put("/api/user/password", { currentPassword: OLD, newPassword: "third-lantern-1234" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.currentPasswordWrong);
    expect((await server.client().post("/api/auth/login", { username: "RaceTwice", password: NEW })).status).toBe(200);
  });
});
