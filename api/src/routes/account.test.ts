import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { COIN_INTERVAL_MS } from "../game/coins.ts";
import { AUTH_WINDOW_MS } from "../http/rateLimit.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("calls that need a session", () => {
  it.each([
    ["GET", "/api/user"],
    ["POST", "/api/check-username"],
    ["POST", "/api/set-username"],
    ["GET", "/api/user/email"],
    ["POST", "/api/check-email"],
    ["PUT", "/api/user/email"],
    ["PUT", "/api/user/password"],
  ])("%s %s answers 401 'Not authenticated'", async (method, path) => {
    const res = await server.client().request(method, path, method === "GET" ? undefined : {});
    expect(res).toMatchObject({ status: 401, body: { error: MSG.notAuthenticated } });
  });
});

describe("GET /api/user", () => {
  it("returns the player with every counter of the spec", async () => {
    const c = await signedUpClient(server, "Counter");
    const res = await c.get("/api/user");
    expect(res.status).toBe(200);
    for (const key of ["dailyPacksOpened", "dailyHolosFound", "weeklyLegendariesFound", "weeklyHolosFound", "weeklyPacksOpened", "set1PacksOpened", "set7PacksOpened"]) {
      expect(res.body[key]).toBe(0);
    }
    expect(res.body).toMatchObject({ username: "Counter", replitUsername: "Counter", coins: 10, gems: 0 });
    expect(res.body.passwordHash).toBeUndefined();
    expect(res.body.password_hash).toBeUndefined();
  });

  it("regenerates one coin per full 30 minutes, saved, up to the cap of 50", async () => {
    const c = await signedUpClient(server, "Sleeper");
    const past = new Date(Date.now() - 3 * COIN_INTERVAL_MS - 60_000);
    await server.db("users").where({ username: "Sleeper" }).update({ coins: 10, last_coin_generation: past });
    expect((await c.get("/api/user")).body.coins).toBe(13);
    expect((await server.db("users").where({ username: "Sleeper" }).first()).coins).toBe(13);
    await server.db("users").where({ username: "Sleeper" }).update({ coins: 45, last_coin_generation: new Date(Date.now() - 100 * COIN_INTERVAL_MS) });
    const capped = (await c.get("/api/user")).body;
    expect(capped.coins).toBe(50);
    expect(capped.nextCoinAt).toBeNull();
  });
});

describe("display name", () => {
  it("checks availability with the spec's texts", async () => {
    const a = await signedUpClient(server, "Namer");
    await signedUpClient(server, "Occupied");
    expect((await a.post("/api/check-username", { displayName: "FreshName" })).body).toEqual({ available: true });
    expect((await a.post("/api/check-username", { displayName: "occupied" })).body).toEqual({ available: false, error: MSG.displayNameTaken });
    expect((await a.post("/api/check-username", { displayName: "x" })).body).toEqual({ available: false, error: MSG.displayNameInvalid });
    expect((await a.post("/api/check-username", { displayName: "bad name" })).body).toEqual({ available: false, error: MSG.displayNameInvalid });
    // One's own current name is not "taken".
    expect((await a.post("/api/check-username", { displayName: "Namer" })).body).toEqual({ available: true });
  });

  it("sets it, and refuses a taken or invalid one without changing anything", async () => {
    const a = await signedUpClient(server, "Changer");
    await signedUpClient(server, "Holder");
    const ok = await a.post("/api/set-username", { displayName: "Changed_1" });
    expect(ok.status).toBe(200);
    expect(ok.body.user.displayName).toBe("Changed_1");
    expect(await a.post("/api/set-username", { displayName: "HOLDER" })).toMatchObject({ status: 409, body: { error: MSG.displayNameTaken } });
    expect(await a.post("/api/set-username", { displayName: "a" })).toMatchObject({ status: 400, body: { error: MSG.displayNameInvalid } });
    expect(await a.post("/api/set-username", {})).toMatchObject({ status: 400, body: { error: MSG.displayNameInvalid } });
    expect((await a.get("/api/user")).body.displayName).toBe("Changed_1");
  });
});

describe("email", () => {
  it("starts empty, checks availability, adds with the password, changes and removes with it", async () => {
    const c = await signedUpClient(server, "Mailer", "mail-lantern-83");
    const other = await signedUpClient(server, "OtherMailer", "mail-lantern-84");
    expect((await c.get("/api/user/email")).body).toEqual({ email: null });

    expect((await c.post("/api/check-email", { email: "not-an-address" })).body).toEqual({ available: false, error: MSG.emailInvalid });
    expect((await c.post("/api/check-email", { email: "me@example.com" })).body).toEqual({ available: true });

    expect(await c.put("/api/user/email", { email: "me@example.com" })).toMatchObject({ status: 400, body: { error: MSG.emailPasswordRequiredChange } });
    expect(await c.put("/api/user/email", { email: "me@example.com", password: "wrong1" })).toMatchObject({ status: 400, body: { error: MSG.currentPasswordWrong } });
    expect(await c.put("/api/user/email", { email: "nope", password: "mail-lantern-83" })).toMatchObject({ status: 400, body: { error: MSG.emailInvalid } });
    expect(await c.put("/api/user/email", { email: "me@example.com", password: "mail-lantern-83" })).toMatchObject({ status: 200, body: { email: "me@example.com" } });
    expect((await c.get("/api/user/email")).body).toEqual({ email: "me@example.com" });

    expect((await other.post("/api/check-email", { email: "ME@example.com" })).body).toEqual({ available: false, error: MSG.emailTaken });
    expect(await other.put("/api/user/email", { email: "Me@Example.com", password: "mail-lantern-84" })).toMatchObject({ status: 409, body: { error: MSG.emailTaken } });

    expect(await c.put("/api/user/email", { email: null })).toMatchObject({ status: 400, body: { error: MSG.emailPasswordRequiredRemove } });
    expect(await c.put("/api/user/email", { email: "", password: "mail-lantern-83" })).toMatchObject({ status: 200, body: { email: null } });
    expect((await c.get("/api/user/email")).body).toEqual({ email: null });
  });
});

describe("PUT /api/user/password", () => {
  it("changes the password, keeps this device signed in and signs out the others", async () => {
    const c = await signedUpClient(server, "Rotator", "old-lantern-81");
    const otherDevice = server.client();
    await otherDevice.post("/api/auth/login", { username: "Rotator", password: "old-lantern-81" });
    expect((await otherDevice.get("/api/auth")).status).toBe(200);

    const res = await c.put("/api/user/password", { currentPassword: "old-lantern-81", newPassword: "new-lantern-82" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await c.get("/api/auth")).status).toBe(200);
    expect((await otherDevice.get("/api/auth")).status).toBe(401);

    const fresh = server.client();
    expect((await fresh.post("/api/auth/login", { username: "Rotator", password: "old-lantern-81" })).status).toBe(401);
    expect((await fresh.post("/api/auth/login", { username: "Rotator", password: "new-lantern-82" })).status).toBe(200);
  });

  it("limits guesses of the current password per player, like sign-in (a stolen session is not a guessing machine)", async () => {
    const c = await signedUpClient(server, "Guessed", "guessed-lantern-7");
    await clearOfWindowEdge(AUTH_WINDOW_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await c.put("/api/user/password", { currentPassword: `guess-${i}-x`, newPassword: "fresh-lantern-77" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The e-mail change checks the same password under the same limit.
    expect(await c.put("/api/user/email", { email: "g@example.com", password: "guessed-lantern-7" })).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
  });

  it("refuses a wrong current password, a short or mismatched input, and changes nothing", async () => {
    const c = await signedUpClient(server, "Careful", "keep-lantern-85");
    expect(await c.put("/api/user/password", { currentPassword: "nope12", newPassword: "another-lantern-9" })).toMatchObject({ status: 400, body: { error: MSG.currentPasswordWrong } });
    expect(await c.put("/api/user/password", { currentPassword: "keep-lantern-85", newPassword: "abc" })).toMatchObject({ status: 400, body: { error: MSG.newPasswordTooShort } });
    expect(await c.put("/api/user/password", { currentPassword: "keep-lantern-85", newPassword: "a".repeat(129) })).toMatchObject({ status: 400, body: { error: MSG.newPasswordTooLong } });
    expect(await c.put("/api/user/password", { currentPassword: "keep-lantern-85", newPassword: "iloveyou" })).toMatchObject({ status: 400, body: { error: MSG.passwordTooCommon } });
    expect(await c.put("/api/user/password", { currentPassword: "", newPassword: "" })).toMatchObject({ status: 400, body: { error: MSG.passwordFieldsRequired } });
    expect((await server.client().post("/api/auth/login", { username: "Careful", password: "keep-lantern-85" })).status).toBe(200);
  });
});
