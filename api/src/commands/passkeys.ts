import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { MSG } from "../contract/messages.ts";
import { PASSKEYS_MAX, type PasskeyDto } from "../contract/passkeys.ts";
import type { Db, Trx } from "../db/knex.ts";
import { HttpError, badRequest, conflict, notFound, unauthorized } from "../http/errors.ts";
import { User } from "../models/User.ts";
import { findUserByUsername, lockUser } from "../queries/users.ts";

/**
 * Passkeys (issue 46 item 2): the WebAuthn ceremonies, checked by @simplewebauthn/server.
 *
 * Every ceremony is two requests: options (a fresh challenge, kept in webauthn_challenges for five
 * minutes, so any API process can finish what another began), then the browser's answer. The
 * answer's challenge is taken out of the table before anything else is checked (DELETE ...
 * RETURNING): it works once, whether the answer then verifies or not. Sign-in only ever finds an
 * existing account's passkey: a passkey cannot make an account (new accounts go through the age
 * gate and the terms, with a password).
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Who the passkeys belong to: the site's host name (the RP ID) and the origin the browser reports. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

type Purpose = "register" | "sign_in" | "confirm";

interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string[] | string | null;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentPasskey(row: Pick<PasskeyRow, "id" | "name" | "created_at" | "last_used_at">): PasskeyDto {
  return { id: row.id, name: row.name, createdAt: iso(row.created_at), lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null };
}

const transportsOf = (row: Pick<PasskeyRow, "transports">): string[] => {
  const t = typeof row.transports === "string" ? (JSON.parse(row.transports) as unknown) : row.transports;
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
};

/** A user handle that names the account to its own authenticator and nothing else (no username in it). */
const userHandle = (userId: number) => new TextEncoder().encode(`fb:${userId}`);

async function storeChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null, now: Date): Promise<void> {
  // Challenges nobody answered go as new ones are made: the table stays as small as the ceremonies in flight.
  await db("webauthn_challenges").where("expires_at", "<", now).delete();
  await db("webauthn_challenges").insert({ challenge, purpose, user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS), created_at: now });
}

/** The challenge the browser signed, read from its clientDataJSON (checked again by the library). */
function challengeIn(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    // Ours are base64url of 32 bytes; anything else cannot be one of them (and never reaches SQL).
    if (typeof parsed.challenge === "string" && /^[A-Za-z0-9_-]{16,100}$/.test(parsed.challenge)) return parsed.challenge;
  } catch {
    /* not JSON */
  }
  throw badRequest(MSG.passkeyNotVerified);
}

/** Takes the answer's challenge out of the table: once, unexpired, for this purpose and this player. */
async function takeChallenge(db: Db, clientDataJSON: string, purpose: Purpose, userId: number | null, now: Date): Promise<string> {
  const challenge = challengeIn(clientDataJSON);
  const query = db("webauthn_challenges").where({ challenge, purpose });
  if (userId === null) query.whereNull("user_id");
  else query.where({ user_id: userId });
  const taken: Array<{ expires_at: Date | string }> = await query.delete().returning(["expires_at"]);
  if (taken.length === 0 || new Date(taken[0]!.expires_at).getTime() <= now.getTime()) throw badRequest(MSG.passkeyRequestExpired);
  return challenge;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyDto[]> {
  const rows = await db("passkeys").where({ user_id: userId }).orderBy("created_at").orderBy("id").select("id", "name", "created_at", "last_used_at");
  return rows.map(presentPasskey);
}

export async function passkeyCount(db: Db | Trx, userId: number): Promise<number> {
  const row = await db("passkeys").where({ user_id: userId }).count({ n: "*" }).first();
  return Number(row?.n ?? 0);
}

/** Options for adding a passkey to the signed-in account; the account's passkeys are excluded. */
export async function registrationOptions(db: Db, rp: RelyingParty, userId: number, now = new Date()): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await User.query(db).findById(userId);
  if (!user) throw unauthorized();
  const existing: PasskeyRow[] = await db("passkeys").where({ user_id: userId }).select("credential_id", "transports");
  if (existing.length >= PASSKEYS_MAX) throw badRequest(MSG.passkeyLimit(PASSKEYS_MAX));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName ?? user.username,
    userID: userHandle(userId),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable, so the login screen can offer it without a username; verified (PIN, face...) since it stands in for the password.
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "register", userId, now);
  return options;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string; nativeError?: { code?: string } })?.code === "23505" || (err as { nativeError?: { code?: string } })?.nativeError?.code === "23505";

/** Checks the browser's registration answer and keeps the credential under the given name. */
export async function addPasskey(db: Db, rp: RelyingParty, userId: number, name: string, response: RegistrationResponseJSON, now = new Date()): Promise<PasskeyDto> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, "register", userId, now);
  let info;
  try {
    const verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });
    info = verification.verified ? verification.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw badRequest(MSG.passkeyNotVerified);
  const { credential } = info;
  try {
    return await db.transaction(async (trx) => {
      await lockUser(trx, userId);
      if ((await passkeyCount(trx, userId)) >= PASSKEYS_MAX) throw badRequest(MSG.passkeyLimit(PASSKEYS_MAX));
      const [row] = await trx("passkeys")
        .insert({
          user_id: userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
          name,
          created_at: now,
        })
        .returning(["id", "name", "created_at", "last_used_at"]);
      return presentPasskey(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.passkeyAlreadyAdded);
    throw err;
  }
}

/**
 * Removes one of the player's passkeys. An account without a password keeps its last one (it
 * would have no way to sign in left); the row lock orders this with removing the password.
 */
export async function removePasskey(db: Db, userId: number, passkeyId: number): Promise<void> {
  await db.transaction(async (trx) => {
    const user = await lockUser(trx, userId);
    const removed = await trx("passkeys").where({ id: passkeyId, user_id: userId }).delete().returning("id");
    if (removed.length === 0) throw notFound(MSG.passkeyNotFound);
    if (user.passwordHash === null && (await passkeyCount(trx, userId)) === 0) throw badRequest(MSG.lastPasskeyNeedsPassword);
  });
}

async function assertionOptions(db: Db, rp: RelyingParty, purpose: "sign_in" | "confirm", userId: number | null, allow: PasskeyRow[] | undefined, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_TTL_MS,
    userVerification: "required",
    allowCredentials: allow?.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
  await storeChallenge(db, options.challenge, purpose, userId, now);
  return options;
}

/**
 * Sign-in options. Without a username the browser offers any passkey it holds for this site
 * (discoverable credentials); with one, that account's passkeys (none for an unknown name, which
 * tells nothing: the login form already says whether a username exists).
 */
export async function signInOptions(db: Db, rp: RelyingParty, username?: string, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  let allow: PasskeyRow[] | undefined;
  if (username) {
    const user = await findUserByUsername(db, username);
    allow = user ? await db("passkeys").where({ user_id: user.id }).select("credential_id", "transports") : [];
  }
  return assertionOptions(db, rp, "sign_in", null, allow, now);
}

/** Options to confirm an action (deleting the account) with one of the signed-in player's passkeys. */
export async function confirmOptions(db: Db, rp: RelyingParty, userId: number, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow: PasskeyRow[] = await db("passkeys").where({ user_id: userId }).select("credential_id", "transports");
  if (allow.length === 0) throw badRequest(MSG.passkeyNotFound);
  return assertionOptions(db, rp, "confirm", userId, allow, now);
}

/**
 * Checks an assertion: its challenge (taken, once), the credential (for `userId`'s account when
 * given), the signature, user verification, and the signature counter. A counter that does not
 * go up (when the authenticator counts at all) is a cloned authenticator: the library refuses it,
 * and the compare-and-set below refuses the second of two answers racing with the same count.
 */
async function verifyAssertion(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON, purpose: "sign_in" | "confirm", userId: number | null, now: Date): Promise<{ userId: number; passkeyId: number }> {
  // Signing in, a failure is a 401 as for a wrong password; confirming (already signed in), a 400.
  const fail = (message: string) => (purpose === "sign_in" ? unauthorized(message) : badRequest(message));
  const challenge = await takeChallenge(db, response.response.clientDataJSON, purpose, userId, now);
  const row: PasskeyRow | undefined = await db("passkeys").where({ credential_id: response.id }).first();
  if (!row || (userId !== null && row.user_id !== userId)) throw fail(MSG.passkeyNotRecognised);
  // A discoverable credential names its account too: it must be the one the credential was added to.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(row.user_id)).toString("base64url")) throw fail(MSG.passkeyNotVerified);
  let newCounter: number | undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: Number(row.counter), transports: transportsOf(row) as never },
      requireUserVerification: true,
    });
    if (result.verified) newCounter = result.authenticationInfo.newCounter;
  } catch (err) {
    if (err instanceof HttpError) throw err;
  }
  if (newCounter === undefined) throw fail(MSG.passkeyNotVerified);
  const used = await db("passkeys").where({ id: row.id, counter: row.counter }).update({ counter: newCounter, last_used_at: now }).returning("id");
  if (used.length === 0) throw fail(MSG.passkeyNotVerified);
  return { userId: row.user_id, passkeyId: row.id };
}

/** The account a passkey sign-in proves (the route then starts the session). */
export function verifySignIn(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON, now = new Date()) {
  return verifyAssertion(db, rp, response, "sign_in", null, now);
}

/** A signed-in player's confirmation with one of their own passkeys. */
export function verifyConfirmation(db: Db, rp: RelyingParty, userId: number, response: AuthenticationResponseJSON, now = new Date()) {
  return verifyAssertion(db, rp, response, "confirm", userId, now);
}
