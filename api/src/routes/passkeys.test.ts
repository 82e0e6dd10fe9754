import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../commands/accountLinks.ts";
import { operatorResetLink } from "../commands/operatorResetLink.ts";
import { verifyPassword } from "../lib/passwords.ts";
import { MSG } from "../contract/messages.ts";
import { PASSKEYS_MAX } from "../contract/passkeys.ts";
import { AUTH_WINDOW_MS } from "../http/rateLimit.ts";
import { clearOfWindowEdge } from "../testing/rateWindows.ts";
import { SoftPasskey } from "../testing/softAuthenticator.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 46 item 2, passkeys, over HTTP on either database (DATABASE_URL picks pg). The answers come
// from a software authenticator (testing/softAuthenticator.ts) and are checked by @simplewebauthn/server.
let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PASSWORD = "passkey-lantern-46";

interface Player {
  client: ApiClient;
  id: number;
  name: string;
}

async function player(prefix = "Key"): Promise<Player> {
  const name = `${prefix}${++n}`;
  const client = await signedUpClient(server, name, PASSWORD);
  const id = (await server.db("users").where({ username: name }).first("id")).id;
  return { client, id, name };
}

const softKey = (opts: { userVerified?: boolean } = {}) => new SoftPasskey({ origin: server.url, ...opts });

/** Registers `key` on the player's account through the API; answers the POST's reply. */
async function addKey(p: Player, key: SoftPasskey, name = "My phone", overrides: Parameters<SoftPasskey["register"]>[1] = {}) {
  const options = await p.client.post("/api/user/passkeys/options");
  expect(options.status).toBe(200);
  return p.client.post("/api/user/passkeys", { name, response: key.register(options.body, overrides) });
}

async function signInOptions(client: ApiClient, username?: string) {
  const res = await client.post("/api/auth/passkey/options", username ? { username } : {});
  expect(res.status).toBe(200);
  return res.body;
}

async function signInWith(key: SoftPasskey, overrides: Parameters<SoftPasskey["assert"]>[1] = {}) {
  const client = server.client();
  const res = await client.post("/api/auth/passkey", { response: key.assert(await signInOptions(client), overrides) });
  return { client, res };
}

const count = async (table: string, where: Record<string, unknown>) => Number((await server.db(table).where(where).count({ n: "*" }).first())?.n);

describe("adding a passkey", () => {
  it("needs a session", async () => {
    const anon = server.client();
    expect((await anon.post("/api/user/passkeys/options")).status).toBe(401);
    expect((await anon.post("/api/user/passkeys", { name: "x", response: {} })).status).toBe(401);
    expect((await anon.get("/api/user/passkeys")).status).toBe(401);
  });

  it("registers a discoverable, verified credential for this site and lists it", async () => {
    const p = await player();
    const options = await p.client.post("/api/user/passkeys/options");
    expect(options.body).toMatchObject({
      rp: { id: "127.0.0.1", name: "Foilbound" },
      user: { name: p.name },
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const key = softKey();
    const added = await p.client.post("/api/user/passkeys", { name: "  Pixel 9  ", response: key.register(options.body) });
    expect(added).toMatchObject({ status: 201, body: { passkey: { name: "Pixel 9", lastUsedAt: null } } });
    const list = await p.client.get("/api/user/passkeys");
    expect(list.body.passkeys).toEqual([{ id: added.body.passkey.id, name: "Pixel 9", createdAt: expect.any(String), lastUsedAt: null }]);
    const row = await server.db("passkeys").where({ user_id: p.id }).first();
    expect(row.credential_id).toBe(key.id);
    expect(Number(row.counter)).toBe(0);
    expect(Buffer.from(row.public_key).length).toBeGreaterThan(60);
    // Options for a second one exclude it, so the browser does not register the same authenticator twice.
    const again = await p.client.post("/api/user/passkeys/options");
    expect(again.body.excludeCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["internal"] }]);
  });

  it("refuses the same credential twice, on this or another account", async () => {
    const p = await player();
    const other = await player();
    const key = softKey();
    expect((await addKey(p, key)).status).toBe(201);
    expect(await addKey(p, key)).toMatchObject({ status: 409, body: { error: MSG.passkeyAlreadyAdded } });
    expect(await addKey(other, key)).toMatchObject({ status: 409, body: { error: MSG.passkeyAlreadyAdded } });
    expect(await count("passkeys", { credential_id: key.id })).toBe(1);
  });

  it("needs a name of 1-40 characters", async () => {
    const p = await player();
    expect(await addKey(p, softKey(), "   ")).toMatchObject({ status: 400, body: { error: MSG.passkeyNameInvalid } });
    expect(await addKey(p, softKey(), "x".repeat(41))).toMatchObject({ status: 400, body: { error: MSG.passkeyNameInvalid } });
  });

  it("refuses an answer for another origin or site, or without user verification; the challenge is used up either way", async () => {
    const p = await player();
    const key = softKey();
    const options = await p.client.post("/api/user/passkeys/options");
    const phished = key.register(options.body, { origin: "https://foilbound.example.evil" });
    expect(await p.client.post("/api/user/passkeys", { name: "x", response: phished })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotVerified } });
    // The same challenge, now with a good answer: already spent.
    expect(await p.client.post("/api/user/passkeys", { name: "x", response: key.register(options.body) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    expect(await addKey(p, key, "x", { rpId: "evil.example" })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotVerified } });
    expect(await addKey(p, softKey({ userVerified: false }))).toMatchObject({ status: 400, body: { error: MSG.passkeyNotVerified } });
    expect(await count("passkeys", { user_id: p.id })).toBe(0);
  });

  it("takes a challenge only from the player it was made for, within five minutes", async () => {
    const p = await player();
    const other = await player();
    const options = await p.client.post("/api/user/passkeys/options");
    expect(await other.client.post("/api/user/passkeys", { name: "x", response: softKey().register(options.body) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    const late = await p.client.post("/api/user/passkeys/options");
    await server.db("webauthn_challenges").where({ challenge: late.body.challenge }).update({ expires_at: new Date(Date.now() - 1000) });
    expect(await p.client.post("/api/user/passkeys", { name: "x", response: softKey().register(late.body) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    const row = await p.client.post("/api/user/passkeys/options");
    const stored = await server.db("webauthn_challenges").where({ challenge: row.body.challenge }).first();
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(stored).toMatchObject({ purpose: "register", user_id: p.id });
  });

  it(`holds at most ${PASSKEYS_MAX} per account`, async () => {
    const p = await player();
    for (let i = 0; i < PASSKEYS_MAX; i++) expect((await addKey(p, softKey(), `Key ${i}`)).status).toBe(201);
    expect(await p.client.post("/api/user/passkeys/options")).toMatchObject({ status: 400, body: { error: MSG.passkeyLimit(PASSKEYS_MAX) } });
  });
});

describe("signing in with a passkey", () => {
  it("signs in without a username (discoverable credential) and records the use", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    const options = await signInOptions(server.client());
    expect(options).toMatchObject({ rpId: "127.0.0.1", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    const { client, res } = await signInWith(key);
    expect(res).toMatchObject({ status: 200, body: { user: { id: p.id, username: p.name } } });
    expect((await client.get("/api/auth")).body.user.id).toBe(p.id);
    const [listed] = (await p.client.get("/api/user/passkeys")).body.passkeys;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(Number((await server.db("passkeys").where({ credential_id: key.id }).first()).counter)).toBe(1);
  });

  it("with a username, the options name that account's passkeys", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    expect((await signInOptions(server.client(), p.name)).allowCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["internal"] }]);
    expect((await signInOptions(server.client(), "NobodyByThisName")).allowCredentials ?? []).toEqual([]);
  });

  it("uses a challenge once, and not after five minutes", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    const client = server.client();
    const answer = key.assert(await signInOptions(client));
    expect((await client.post("/api/auth/passkey", { response: answer })).status).toBe(200);
    const replay = server.client();
    expect(await replay.post("/api/auth/passkey", { response: answer })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    expect((await replay.get("/api/auth")).status).toBe(401);
    const late = await signInOptions(client);
    await server.db("webauthn_challenges").where({ challenge: late.challenge }).update({ expires_at: new Date(Date.now() - 1000) });
    expect(await client.post("/api/auth/passkey", { response: key.assert(late) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    // A registration challenge is not a sign-in challenge.
    const reg = await p.client.post("/api/user/passkeys/options");
    expect(await client.post("/api/auth/passkey", { response: key.assert({ challenge: reg.body.challenge, rpId: "127.0.0.1" }) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
  });

  it("refuses a cloned authenticator: a signature counter that does not go up", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    expect((await signInWith(key, { counter: 5 })).res.status).toBe(200);
    const clone = await signInWith(key, { counter: 5 });
    expect(clone.res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
    expect((await clone.client.get("/api/auth")).status).toBe(401);
    expect((await signInWith(key, { counter: 3 })).res.status).toBe(401);
    expect(Number((await server.db("passkeys").where({ credential_id: key.id }).first()).counter)).toBe(5);
    expect((await signInWith(key, { counter: 6 })).res.status).toBe(200);
  });

  it("refuses a bad signature, another origin, or no user verification", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    const client = server.client();
    const answer = key.assert(await signInOptions(client));
    const forged = { ...answer, response: { ...answer.response, signature: softKey().assert({ challenge: "AAAA", rpId: "127.0.0.1" }).response.signature } };
    expect(await client.post("/api/auth/passkey", { response: forged })).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
    expect((await signInWith(key, { origin: "https://phish.example" })).res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
    expect((await signInWith(key, { rpId: "phish.example" })).res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
    // The user handle (the account the authenticator says it holds the passkey for) must match.
    const handle = key.userHandle;
    key.userHandle = Buffer.from("fb:999999").toString("base64url");
    expect((await signInWith(key)).res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
    key.userHandle = handle;
    expect((await signInWith(key)).res.status).toBe(200);
    // A registered passkey answering without user verification (no PIN, no face).
    const noUv = softKey();
    await addKey(p, noUv, "second");
    (noUv.opts as { userVerified?: boolean }).userVerified = false;
    expect((await signInWith(noUv)).res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotVerified } });
  });

  it("only signs in existing accounts: an unknown passkey makes no account", async () => {
    const users = Number((await server.db("users").count({ n: "*" }).first())?.n);
    const stranger = softKey();
    stranger.rpId = "127.0.0.1";
    const { client, res } = await signInWith(stranger);
    expect(res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotRecognised } });
    expect((await client.get("/api/auth")).status).toBe(401);
    expect(Number((await server.db("users").count({ n: "*" }).first())?.n)).toBe(users);
  });

  it("refuses malformed answers with a readable error", async () => {
    const client = server.client();
    expect(await client.post("/api/auth/passkey", {})).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await client.post("/api/auth/passkey", { response: { id: "a", rawId: "a", type: "public-key", response: { clientDataJSON: "bm90IGpzb24", authenticatorData: "", signature: "" } } })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotVerified } });
  });

  it("counts sign-in answers per passkey like password sign-ins per username", async () => {
    const limited = await startTestServer({ authAttemptsPerUsername: 3 });
    try {
      const client = await signedUpClient(limited, "Limited1", PASSWORD);
      const key = new SoftPasskey({ origin: limited.url });
      const options = await client.post("/api/user/passkeys/options");
      expect((await client.post("/api/user/passkeys", { name: "k", response: key.register(options.body) })).status).toBe(201);
      await clearOfWindowEdge(AUTH_WINDOW_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const c = limited.client();
        const opts = (await c.post("/api/auth/passkey/options", {})).body;
        statuses.push((await c.post("/api/auth/passkey", { response: key.assert(opts, { counter: 1 }) })).status);
      }
      // The first one signs in; two clones are refused; the fourth is past the limit.
      expect(statuses).toEqual([200, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("removing a passkey", () => {
  it("removes the player's own passkey, which then signs nobody in", async () => {
    const p = await player();
    const other = await player();
    const key = softKey();
    const id = (await addKey(p, key)).body.passkey.id;
    expect(await other.client.request("DELETE", `/api/user/passkeys/${id}`)).toMatchObject({ status: 404, body: { error: MSG.passkeyNotFound } });
    for (const bad of ["abc", "0", "-1", "1.5", "2147483648", "99999999999999999999"]) expect(await p.client.request("DELETE", `/api/user/passkeys/${bad}`)).toMatchObject({ status: 404, body: { error: MSG.passkeyNotFound } });
    expect(await p.client.request("DELETE", `/api/user/passkeys/${id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await p.client.get("/api/user/passkeys")).body.passkeys).toEqual([]);
    expect((await signInWith(key)).res).toMatchObject({ status: 401, body: { error: MSG.passkeyNotRecognised } });
    // The password still signs in.
    expect((await server.client().post("/api/auth/login", { username: p.name, password: PASSWORD })).status).toBe(200);
  });
});

describe("deleting the account with a passkey", () => {
  const confirm = async (p: Player) => p.client.post("/api/user/passkeys/confirm-options");

  it("confirms with one of the player's passkeys instead of the password", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    const options = await confirm(p);
    expect(options.body.allowCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["internal"] }]);
    const res = await p.client.post("/api/user/delete", { passkey: key.assert(options.body) });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await count("users", { id: p.id })).toBe(0);
    expect(await count("passkeys", { user_id: p.id })).toBe(0);
    expect(await count("webauthn_challenges", { user_id: p.id })).toBe(0);
    expect((await signInWith(key)).res.status).toBe(401);
  });

  it("refuses another player's passkey, a sign-in challenge, a reused one, or none at all", async () => {
    const p = await player();
    const other = await player();
    const mine = softKey();
    const theirs = softKey();
    await addKey(p, mine);
    await addKey(other, theirs);
    expect(await p.client.post("/api/user/delete", { passkey: theirs.assert((await confirm(p)).body) })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotRecognised } });
    const signIn = await signInOptions(server.client());
    expect(await p.client.post("/api/user/delete", { passkey: mine.assert(signIn) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    const othersChallenge = (await confirm(other)).body;
    expect(await p.client.post("/api/user/delete", { passkey: mine.assert({ ...othersChallenge, rpId: "127.0.0.1" }) })).toMatchObject({ status: 400, body: { error: MSG.passkeyRequestExpired } });
    expect((await signInWith(mine)).res.status).toBe(200);
    const cloned = mine.assert((await confirm(p)).body, { counter: mine.counter });
    expect(await p.client.post("/api/user/delete", { passkey: cloned })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotVerified } });
    expect(await p.client.post("/api/user/delete", { passkey: {} })).toMatchObject({ status: 400 });
    expect(await count("users", { id: p.id })).toBe(1);
    expect((await p.client.get("/api/user")).status).toBe(200);
    // No passkeys: nothing to confirm with (the password stays the way).
    const plain = await player();
    expect(await confirm(plain)).toMatchObject({ status: 400, body: { error: MSG.passkeyNotFound } });
  });
});

describe("keep the password or not (passkeys only)", () => {
  const confirm = async (p: Player) => (await p.client.post("/api/user/passkeys/confirm-options")).body;
  const removePassword = (p: Player, currentPassword: unknown = PASSWORD) => p.client.post("/api/user/password/remove", { currentPassword });
  const hashOf = async (p: Player) => (await server.db("users").where({ id: p.id }).first("password_hash")).password_hash as string | null;

  /** A player with one passkey (`key`) who removed the password. */
  async function passwordless(prefix = "NoPw") {
    const p = await player(prefix);
    const key = softKey();
    expect((await addKey(p, key)).status).toBe(201);
    expect(await removePassword(p)).toMatchObject({ status: 200, body: { user: { id: p.id, hasPassword: false } } });
    return { ...p, key };
  }

  it("needs a session, a passkey and the current password", async () => {
    expect((await server.client().post("/api/user/password/remove", { currentPassword: PASSWORD })).status).toBe(401);
    const p = await player();
    expect((await p.client.get("/api/user")).body.hasPassword).toBe(true);
    expect(await removePassword(p)).toMatchObject({ status: 400, body: { error: MSG.passwordRemoveNeedsPasskey } });
    await addKey(p, softKey());
    expect(await removePassword(p, "")).toMatchObject({ status: 400, body: { error: MSG.passwordFieldsRequired } });
    expect(await removePassword(p, 42)).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await removePassword(p, "not-the-password")).toMatchObject({ status: 400, body: { error: MSG.currentPasswordWrong } });
    expect(await hashOf(p)).not.toBeNull();
    expect((await server.client().post("/api/auth/login", { username: p.name, password: PASSWORD })).status).toBe(200);
  });

  it("removes it: other sessions end, this device stays, reset links are spent, then passkeys only", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    const elsewhere = server.client();
    expect((await elsewhere.post("/api/auth/login", { username: p.name, password: PASSWORD })).status).toBe(200);
    const link = await issueToken(server.db, p.id, "password_reset", new Date());

    expect(await removePassword(p)).toMatchObject({ status: 200, body: { user: { hasPassword: false } } });
    expect(await hashOf(p)).toBeNull();
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect(await p.client.get("/api/user")).toMatchObject({ status: 200, body: { id: p.id, hasPassword: false } });
    expect((await server.client().post("/api/auth/reset-password", { token: link, password: "fresh-lantern-77" })).body).toEqual({ error: MSG.resetLinkInvalid });
    expect(await removePassword(p)).toMatchObject({ status: 400, body: { error: MSG.noPasswordToRemove } });

    // The old password and any other get the wrong password's answer (no hint that there is none).
    for (const password of [PASSWORD, "anything-else"]) {
      expect(await server.client().post("/api/auth/login", { username: p.name, password })).toMatchObject({ status: 401, body: { error: MSG.invalidPassword } });
    }
    const { client, res } = await signInWith(key);
    expect(res).toMatchObject({ status: 200, body: { user: { id: p.id, hasPassword: false } } });
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("still counts password sign-ins to a passwordless account", async () => {
    const limited = await startTestServer({ authAttemptsPerUsername: 3 });
    try {
      const client = await signedUpClient(limited, "NoPwLimited", PASSWORD);
      const key = new SoftPasskey({ origin: limited.url });
      expect((await client.post("/api/user/passkeys", { name: "k", response: key.register((await client.post("/api/user/passkeys/options")).body) })).status).toBe(201);
      expect((await client.post("/api/user/password/remove", { currentPassword: PASSWORD })).status).toBe(200);
      await clearOfWindowEdge(AUTH_WINDOW_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.client().post("/api/auth/login", { username: "NoPwLimited", password: PASSWORD })).status);
      // The sign-up counted too when it fell in the same window: 2 or 3 wrong-password answers, then the limit.
      expect(statuses[0]).toBe(401);
      expect(statuses.slice(-1)).toEqual([429]);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(2);
      expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    } finally {
      await limited.close();
    }
   }, 120_000);

  it("takes a wrong password's time: a missing hash is checked against a random one", async () => {
    expect(await verifyPassword(null, "")).toBe(false);
    expect(await verifyPassword(null, PASSWORD)).toBe(false);
  });

  it("keeps the last passkey of an account without a password", async () => {
    const p = await passwordless();
    const second = softKey();
    const secondId = (await addKey(p, second, "Laptop")).body.passkey.id;
    const [first] = (await p.client.get("/api/user/passkeys")).body.passkeys;
    expect(await p.client.request("DELETE", `/api/user/passkeys/${first.id}`)).toMatchObject({ status: 200 });
    expect(await p.client.request("DELETE", `/api/user/passkeys/${secondId}`)).toMatchObject({ status: 400, body: { error: MSG.lastPasskeyNeedsPassword } });
    expect((await p.client.get("/api/user/passkeys")).body.passkeys).toHaveLength(1);
    expect((await signInWith(second)).res.status).toBe(200);
  });

  it("never loses both: removing the password and the last passkey at once leaves one of them", async () => {
    for (let i = 0; i < 4; i++) {
      const p = await player("Race");
      const id = (await addKey(p, softKey())).body.passkey.id;
      const [pw, pk] = await Promise.all([removePassword(p), p.client.request("DELETE", `/api/user/passkeys/${id}`)]);
      expect([pw.status, pk.status].sort()).toEqual([200, 400]);
      const hasPasskey = (await count("passkeys", { user_id: p.id })) > 0;
      expect((await hashOf(p)) !== null || hasPasskey).toBe(true);
      expect((await hashOf(p)) === null).toBe(hasPasskey);
    }
  });

  it("sets a password again only with a passkey's confirmation", async () => {
    const p = await passwordless();
    const elsewhere = (await signInWith(p.key)).client;
    const put = (body: Record<string, unknown>) => p.client.request("PUT", "/api/user/password", body);
    expect(await put({ newPassword: "fresh-lantern-77" })).toMatchObject({ status: 400, body: { error: MSG.passwordSetProofRequired } });
    expect(await put({ currentPassword: PASSWORD, newPassword: "fresh-lantern-77" })).toMatchObject({ status: 400, body: { error: MSG.passwordSetProofRequired } });
    expect(await put({ newPassword: "short", passkey: p.key.assert(await confirm(p)) })).toMatchObject({ status: 400, body: { error: MSG.newPasswordTooShort } });
    expect(await put({ newPassword: p.name.toLowerCase() + "-x", passkey: {} })).toMatchObject({ status: 400 });
    const otherKey = softKey();
    expect(await put({ newPassword: "fresh-lantern-77", passkey: otherKey.assert(await confirm(p)) })).toMatchObject({ status: 400, body: { error: MSG.passkeyNotRecognised } });
    expect(await hashOf(p)).toBeNull();

    expect(await put({ newPassword: "fresh-lantern-77", passkey: p.key.assert(await confirm(p)) })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await p.client.get("/api/user")).body.hasPassword).toBe(true);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await server.client().post("/api/auth/login", { username: p.name, password: "fresh-lantern-77" })).status).toBe(200);
    // With a password again, the last passkey may go.
    const [only] = (await p.client.get("/api/user/passkeys")).body.passkeys;
    expect((await p.client.request("DELETE", `/api/user/passkeys/${only.id}`)).status).toBe(200);
  });

  it("a player with a password may also confirm a password change with a passkey", async () => {
    const p = await player();
    const key = softKey();
    await addKey(p, key);
    expect(await p.client.request("PUT", "/api/user/password", { newPassword: "fresh-lantern-78", passkey: key.assert(await confirm(p)) })).toMatchObject({ status: 200 });
    expect((await server.client().post("/api/auth/login", { username: p.name, password: "fresh-lantern-78" })).status).toBe(200);
    expect((await server.client().post("/api/auth/login", { username: p.name, password: PASSWORD })).status).toBe(401);
  });

  it("changes the e-mail address with a passkey, never with a typed password", async () => {
    const p = await passwordless();
    const put = (body: Record<string, unknown>) => p.client.request("PUT", "/api/user/email", body);
    expect(await put({ email: `${p.name}@example.com` })).toMatchObject({ status: 400, body: { error: MSG.noPasswordUsePasskey } });
    expect(await put({ email: `${p.name}@example.com`, password: PASSWORD })).toMatchObject({ status: 400, body: { error: MSG.noPasswordUsePasskey } });
    expect(await put({ email: `${p.name}@example.com`, passkey: p.key.assert(await confirm(p)) })).toMatchObject({ status: 200, body: { email: `${p.name}@example.com` } });
    expect(await put({ email: null, passkey: p.key.assert(await confirm(p)) })).toMatchObject({ status: 200, body: { email: null } });
    // And a player with a password may use a passkey too.
    const q = await player();
    const key = softKey();
    await addKey(q, key);
    expect(await q.client.request("PUT", "/api/user/email", { email: `${q.name}@example.com`, passkey: key.assert(await confirm(q)) })).toMatchObject({ status: 200 });
  });

  it("deletes a passwordless account with a passkey only", async () => {
    const p = await passwordless();
    expect(await p.client.post("/api/user/delete", { password: PASSWORD })).toMatchObject({ status: 400, body: { error: MSG.noPasswordUsePasskey } });
    expect(await count("users", { id: p.id })).toBe(1);
    expect(await p.client.post("/api/user/delete", { passkey: p.key.assert(await confirm(p)) })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await count("users", { id: p.id })).toBe(0);
  });

  it("a reset link (e-mail or the operator's) sets a password on a passwordless account", async () => {
    const p = await passwordless();
    const { link } = await operatorResetLink(server.db, "test-operator", p.name, server.url);
    const token = new URL(link).searchParams.get("token");
    expect(await server.client().post("/api/auth/reset-password", { token, password: "fresh-lantern-79" })).toMatchObject({ status: 200 });
    expect(await hashOf(p)).not.toBeNull();
    const res = await server.client().post("/api/auth/login", { username: p.name, password: "fresh-lantern-79" });
    expect(res).toMatchObject({ status: 200, body: { user: { hasPassword: true } } });
  });
});
