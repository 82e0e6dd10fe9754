import type { Db } from "../db/knex.ts";
import { runPrepared } from "../db/prepared.ts";
import { tooManyRequests } from "./errors.ts";

export interface RateRule {
  /** e.g. "login:ip" */
  name: string;
  limit: number;
  windowMs: number;
  /** What the player reads when past the limit (default: MSG.tooManyAttempts). */
  message?: string;
}

/**
 * Fixed-window counter kept in the database (not in memory), so every API process shares it.
 * One upsert per check: the row's hits after the increment decide. Past the limit, a 429 whose
 * Retry-After is the rest of the window.
 */
export async function hitRateLimit(db: Db, rule: RateRule, subject: string, now = new Date()): Promise<void> {
  const { key, windowStart, judge } = windowOf(rule, subject, now);
  const rows: Array<{ hits: number }> = await db("rate_limits")
    .insert({ key, window_start: windowStart, hits: 1 })
    .onConflict(["key", "window_start"])
    .merge({ hits: db.raw("rate_limits.hits + 1") })
    .returning("hits");
  judge(rows[0]?.hits ?? 0);
}

/** The rule's current window for `subject`: its row key and start, and the check of the hits counted in it. */
function windowOf(rule: RateRule, subject: string, now: Date) {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const judge = (hits: number) => {
    if (Number(hits) > rule.limit) throw tooManyRequests(rule.message, (windowStart.getTime() + rule.windowMs - now.getTime()) / 1000);
  };
  return { key: `${rule.name}:${subject}`.slice(0, 200), windowStart, judge };
}

/** A player's count in the rule's window, taken only while their session row is live: one statement, one round trip. */
const COUNT_FOR_LIVE_SESSION = {
  name: "rate_hit_live_session",
  text: `INSERT INTO rate_limits (key, window_start, hits)
    SELECT $3::varchar, $4::timestamptz, 1
    WHERE EXISTS (SELECT 1 FROM sessions WHERE id = $1::varchar AND user_id = $2::int AND expires_at > now())
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits`,
};

/**
 * hitRateLimit for the signed-in player of `session`, proving the session row in the same statement
 * (heavy reads: the session probe and the counter were two round trips). False: the session is
 * gone (signed out, revoked, account deleted), and nothing was counted.
 */
export async function hitRateLimitIfLive(db: Db, rule: RateRule, session: { id: string; userId: number }, now = new Date()): Promise<boolean> {
  const { key, windowStart, judge } = windowOf(rule, String(session.userId), now);
  const rows = await runPrepared<{ hits: number }>(db, COUNT_FOR_LIVE_SESSION, [session.id, session.userId, key, windowStart]);
  if (!rows.length) return false;
  judge(rows[0]!.hits);
  return true;
}

export const AUTH_WINDOW_MS = 5 * 60 * 1000;
export const RESET_MAILS_PER_HOUR = 5;

/** Login and registration: generous for a person, tight for a password-guessing script. */
export function authRateRules(config: { authAttemptsPerIp: number; authAttemptsPerUsername: number }) {
  return {
    perIp: { name: "auth:ip", limit: config.authAttemptsPerIp, windowMs: AUTH_WINDOW_MS },
    perUsername: { name: "auth:user", limit: config.authAttemptsPerUsername, windowMs: AUTH_WINDOW_MS },
    // The sign-up's password check before the terms dialog: no hashing, its own count so that
    // it does not use up a person's sign-in attempts.
    newAccountCheckPerIp: { name: "new-account-check:ip", limit: config.authAttemptsPerIp, windowMs: AUTH_WINDOW_MS },
    // Checking the current password in Settings (change password or e-mail), per player: a stolen
    // session must not become a fast way to guess the password.
    perPlayerPasswordCheck: { name: "password-check:player", limit: config.authAttemptsPerUsername, windowMs: AUTH_WINDOW_MS },
    // "Forgot password?" (issue 46): per IP like sign-in; per account a few mails an hour, counted
    // both by what was typed (the same 429 for known and unknown accounts) and, silently, by the
    // account found (its username and its address count together).
    resetRequestPerIp: { name: "reset:ip", limit: config.authAttemptsPerIp, windowMs: AUTH_WINDOW_MS },
    resetRequestPerLogin: { name: "reset:login", limit: RESET_MAILS_PER_HOUR, windowMs: 60 * 60_000 },
    resetRequestPerAccount: { name: "reset:account", limit: RESET_MAILS_PER_HOUR, windowMs: 60 * 60_000 },
    // Passkey ceremonies' options (issue 46): each writes a challenge row, so a script asking in a
    // loop is stopped per IP; the answers count as sign-in attempts (perIp, perUsername).
    passkeyOptionsPerIp: { name: "passkey-options:ip", limit: config.authAttemptsPerIp, windowMs: AUTH_WINDOW_MS },
    // Using a reset or confirmation link, per IP (a link cannot be guessed; this stops a script trying).
    linkUsePerIp: { name: "link:ip", limit: config.authAttemptsPerIp, windowMs: AUTH_WINDOW_MS },
  } satisfies Record<string, RateRule>;
}
