import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../commands/accountLinks.ts";
import { MSG } from "../contract/messages.ts";
import { RESET_MAILS_PER_HOUR } from "../http/rateLimit.ts";
import { runAdmin } from "../cli/adminCommands.ts";
import { linkIn, startMailReceiver, type MailReceiver } from "../testing/mailReceiver.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";

// Issue 46, item 1: password reset by e-mail and confirmed e-mail changes. Every mail goes to a
// local SMTP receiver started here, never off this machine.
const PUBLIC_URL = "http://game.test";
const PASSWORD = "violet-harbour-42";
const NEW_PASSWORD = "amber-lantern-77";

let mail: MailReceiver;
let server: TestServer;
let n = 0;
beforeAll(async () => {
  mail = await startMailReceiver();
  server = await startTestServer({ mail: { smtpUrl: mail.url, from: "noreply@game.test" }, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

/** A signed-up player whose address is already set (written directly: setting it is what is tested below). */
async function player(withEmail = true) {
  const username = `Reset_${++n}_${Date.now().toString(36).slice(-4)}`;
  const email = `${username.toLowerCase()}@players.test`;
  const client = await signedUpClient(server, username);
  if (withEmail) await server.db("users").where({ username }).update({ email });
  return { username, email, client };
}

const forgot = (login: string, s: TestServer = server) => s.client().post("/api/auth/forgot-password", { login });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function resetLinkFor(who: { username: string; email: string }, login = who.username): Promise<string> {
  expect(await forgot(login)).toMatchObject({ status: 200, body: { ok: true, message: MSG.resetLinkSent } });
  return linkIn(await mail.next(who.email), `${PUBLIC_URL}/reset-password?token=`);
}

describe("password reset by e-mail", () => {
  it("says in /api/config whether the reset goes by mail", async () => {
    expect((await server.client().get("/api/config")).body.passwordResetByMail).toBe(true);
  });

  it("mails a single-use link; the reset ends every session and the new password signs in", async () => {
    const who = await player();
    const otherDevice = server.client();
    expect((await otherDevice.post("/api/auth/login", { username: who.username, password: PASSWORD })).status).toBe(200);

    const link = await resetLinkFor(who);
    const token = tokenOf(link);
    // Only the token's hash is stored.
    const rows = await server.db("account_tokens").where({ purpose: "password_reset" });
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);

    const done = await server.client().post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(done).toMatchObject({ status: 200, body: { ok: true, message: MSG.passwordResetDone } });
    expect((await who.client.get("/api/auth")).status).toBe(401);
    expect((await otherDevice.get("/api/auth")).status).toBe(401);
    expect(await server.db("sessions").join("users", "users.id", "sessions.user_id").where("users.username", who.username)).toHaveLength(0);

    expect((await server.client().post("/api/auth/login", { username: who.username, password: PASSWORD })).status).toBe(401);
    expect((await server.client().post("/api/auth/login", { username: who.username, password: NEW_PASSWORD })).status).toBe(200);

    // Second use refused.
    expect(await server.client().post("/api/auth/reset-password", { token, password: "other-secret-phrase-9" })).toMatchObject({ status: 400, body: { error: MSG.resetLinkInvalid } });
  });

  it("finds the account by its e-mail address too, in any case", async () => {
    const who = await player();
    const link = await resetLinkFor(who, who.email.toUpperCase());
    expect(link).toContain("/reset-password?token=");
  });

  it("applies the registration's password policy, and a refused password leaves the link usable", async () => {
    const who = await player();
    const token = tokenOf(await resetLinkFor(who));
    const reset = (password: string) => server.client().post("/api/auth/reset-password", { token, password });
    expect(await reset("short")).toMatchObject({ status: 400, body: { error: MSG.newPasswordTooShort } });
    expect(await reset("password123")).toMatchObject({ status: 400, body: { error: MSG.passwordTooCommon } });
    expect(await reset(who.username)).toMatchObject({ status: 400 });
    expect((await reset(NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link, an unknown one and a malformed one", async () => {
    const who = await player();
    const token = tokenOf(await resetLinkFor(who));
    await server.db("account_tokens").where({ token_hash: hashToken(token) }).update({ expires_at: new Date(Date.now() - 1000) });
    const reset = (t: unknown) => server.client().post("/api/auth/reset-password", { token: t, password: NEW_PASSWORD });
    expect(await reset(token)).toMatchObject({ status: 400, body: { error: MSG.resetLinkInvalid } });
    expect(await reset("A".repeat(43))).toMatchObject({ status: 400, body: { error: MSG.resetLinkInvalid } });
    expect(await reset("nope")).toMatchObject({ status: 400, body: { error: MSG.resetLinkInvalid } });
    expect((await server.client().post("/api/auth/login", { username: who.username, password: PASSWORD })).status).toBe(200);
  });

  it("a password change in Account Settings spends the account's outstanding reset links", async () => {
    const who = await player();
    const token = tokenOf(await resetLinkFor(who));
    expect((await who.client.put("/api/user/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await server.client().post("/api/auth/reset-password", { token, password: "third-anchor-55" })).toMatchObject({ status: 400, body: { error: MSG.resetLinkInvalid } });
    expect((await server.client().post("/api/auth/login", { username: who.username, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("the hourly prune deletes used and expired links and keeps live ones", async () => {
    const who = await player();
    const used = tokenOf(await resetLinkFor(who));
    expect((await server.client().post("/api/auth/reset-password", { token: used, password: NEW_PASSWORD })).status).toBe(200);
    const expired = tokenOf(await resetLinkFor(who));
    await server.db("account_tokens").where({ token_hash: hashToken(expired) }).update({ expires_at: new Date(Date.now() - 1000) });
    const live = tokenOf(await resetLinkFor(who));
    const { pruneExpired } = await import("../http/sessionStore.ts");
    await pruneExpired(server.db);
    const left = await server.db("account_tokens").whereIn("token_hash", [used, expired, live].map(hashToken)).pluck("token_hash");
    expect(left).toEqual([hashToken(live)]);
    expect((await server.client().post("/api/auth/reset-password", { token: live, password: "third-anchor-55" })).status).toBe(200);
  });

  it("links live 30 minutes", async () => {
    const who = await player();
    const before = Date.now();
    const token = tokenOf(await resetLinkFor(who));
    const row = await server.db("account_tokens").where({ token_hash: hashToken(token) }).first();
    const ttl = new Date(row.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it("answers the same for unknown accounts, accounts without an address and real ones", async () => {
    const real = await player();
    const noAddress = await player(false);
    const answers = [];
    for (const login of [real.username, noAddress.username, "Nobody_here_42", "nobody@nowhere.test", real.email]) {
      const started = performance.now();
      const res = await forgot(login);
      answers.push({ status: res.status, body: res.body, ms: performance.now() - started });
    }
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: { ok: true, message: MSG.resetLinkSent } });
    // The mail goes out after the answer: no answer waits for the mail server.
    for (const a of answers) expect(a.ms).toBeLessThan(2_000);
    await mail.next(real.email);
    await mail.next(real.email);
    expect(mail.mails.filter((m) => m.to.includes("nobody@nowhere.test"))).toHaveLength(0);
  });

  it("limits requests per account, the same way for unknown ones", async () => {
    await clearOfWindowEdge(60 * 60_000, 30_000);
    const who = await player();
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) expect((await forgot(who.username)).status).toBe(200);
    const known = await forgot(who.username);
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) expect((await forgot("Nobody_limit_1")).status).toBe(200);
    const unknown = await forgot("Nobody_limit_1");
    expect(known).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    // By its address the account is still answered, but no further mail goes out.
    expect((await forgot(who.email)).status).toBe(200);
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) await mail.next(who.email);
    await new Promise((r) => setTimeout(r, 500));
    await expect(mail.next(who.email, 500)).rejects.toThrow();
  });

  it("limits requests per IP", async () => {
    const tight = await startTestServer({ mail: { smtpUrl: mail.url, from: "noreply@game.test" }, publicUrl: PUBLIC_URL, authAttemptsPerIp: 3 });
    try {
      await clearOfWindowEdge(5 * 60_000);
      for (let i = 0; i < 3; i++) expect((await forgot(`Someone_${i}`, tight)).status).toBe(200);
      expect(await forgot("Someone_else", tight)).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
    } finally {
      await tight.close();
    }
  });

  it("admin CLI: reset-link prints a single-use link and records it in admin_audit", async () => {
    const who = await player(false);
    const lines: string[] = [];
    expect(await runAdmin(server.db, ["--operator", "ops", "reset-link", who.username.toLowerCase()], (l) => lines.push(l))).toBe(0);
    const link = lines.find((l) => l.startsWith("http"))!;
    const audit = await server.db("admin_audit").where({ action: "reset-link" }).orderBy("id", "desc").first();
    expect(audit.operator).toBe("ops");
    const details = typeof audit.details === "string" ? JSON.parse(audit.details) : audit.details;
    expect(details.username).toBe(who.username);
    expect(JSON.stringify(audit)).not.toContain(tokenOf(link));
    expect((await server.client().post("/api/auth/reset-password", { token: tokenOf(link), password: NEW_PASSWORD })).status).toBe(200);
    expect((await server.client().post("/api/auth/reset-password", { token: tokenOf(link), password: NEW_PASSWORD })).status).toBe(400);
    expect(await runAdmin(server.db, ["reset-link", "No_such_player"], () => {})).toBe(1);
    expect(await runAdmin(server.db, ["reset-link"], () => {})).toBe(2);
  });
});

describe("e-mail change with mail configured", () => {
  it("sends a link to the new address; the address changes only when it is opened, once", async () => {
    const who = await player();
    const next = `new_${who.email}`;
    const res = await who.client.put("/api/user/email", { email: next, password: PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { email: who.email, pendingEmail: next, message: MSG.emailConfirmSent(next) } });
    expect((await who.client.get("/api/user/email")).body.email).toBe(who.email);
    const link = linkIn(await mail.next(next), `${PUBLIC_URL}/confirm-email?token=`);
    const token = tokenOf(link);
    // Opened in a browser that is not signed in: the token is the proof.
    expect(await server.client().post("/api/user/email/confirm", { token })).toMatchObject({ status: 200, body: { email: next, message: MSG.emailConfirmed } });
    expect((await who.client.get("/api/user/email")).body.email).toBe(next);
    expect(await server.client().post("/api/user/email/confirm", { token })).toMatchObject({ status: 400, body: { error: MSG.emailConfirmInvalid } });
  });

  it("still needs the password, refuses an expired link and an address taken meanwhile; removing stays immediate", async () => {
    const who = await player();
    expect((await who.client.put("/api/user/email", { email: `x_${who.email}`, password: "wrong-password-1" })).status).toBe(400);

    await who.client.put("/api/user/email", { email: `late_${who.email}`, password: PASSWORD });
    const late = tokenOf(linkIn(await mail.next(`late_${who.email}`), `${PUBLIC_URL}/confirm-email?token=`));
    await server.db("account_tokens").where({ token_hash: hashToken(late) }).update({ expires_at: new Date(Date.now() - 1000) });
    expect(await server.client().post("/api/user/email/confirm", { token: late })).toMatchObject({ status: 400, body: { error: MSG.emailConfirmInvalid } });

    const contested = `taken_${who.email}`;
    await who.client.put("/api/user/email", { email: contested, password: PASSWORD });
    const token = tokenOf(linkIn(await mail.next(contested), `${PUBLIC_URL}/confirm-email?token=`));
    const rival = await player(false);
    await server.db("users").where({ username: rival.username }).update({ email: contested });
    expect(await server.client().post("/api/user/email/confirm", { token })).toMatchObject({ status: 409, body: { error: MSG.emailTaken } });
    expect((await who.client.get("/api/user/email")).body.email).toBe(who.email);

    expect(await who.client.put("/api/user/email", { email: null, password: PASSWORD })).toMatchObject({ status: 200, body: { email: null } });
  });
});

describe("without mail configured", () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it("keeps the contact-support path and today's e-mail change", async () => {
    expect((await plain.client().get("/api/config")).body.passwordResetByMail).toBe(false);
    expect((await forgot("anyone", plain)).status).toBe(404);
    const client = await signedUpClient(plain, "Plain_1");
    expect(await client.put("/api/user/email", { email: "plain@players.test", password: PASSWORD })).toMatchObject({ status: 200, body: { email: "plain@players.test" } });
    expect((await client.get("/api/user/email")).body.email).toBe("plain@players.test");
  });
});
