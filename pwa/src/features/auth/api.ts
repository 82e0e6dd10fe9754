import { FALLBACK } from "@contract/messages";
import type { AuthResponse } from "@contract/user";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { ApiError, apiRequest } from "../../lib/http";
import { SESSION_CHECK_TIMEOUT_MS, takeEarlySessionCheck } from "../../lib/earlySessionCheck";
import { clearSession, getSession, markSessionChecked, setSignedIn } from "../../lib/session";
import { signWithPasskey } from "../../lib/passkeys";

// The session transitions of SPEC.md section 4 that talk to the server.

export interface Credentials {
  username: string;
  password: string;
}


/**
 * GET /api/auth. Success signs in. A server answer of any error clears the session and rethrows.
 * No answer at all (offline) keeps a remembered player signed in, so the shell still opens.
 */
export async function authenticate(): Promise<void> {
  try {
    const { user } = await apiRequest<AuthResponse>("/auth", { fallback: FALLBACK.authenticate, timeoutMs: SESSION_CHECK_TIMEOUT_MS, answer: takeEarlySessionCheck() });
    setSignedIn(user);
  } catch (err) {
    if (err instanceof ApiError && err.isNetworkError && getSession().isAuthenticated) {
      markSessionChecked();
      return;
    }
    clearSession();
    throw err;
  }
}

let sessionCheck: Promise<void> | null = null;

/** Runs the start-up session check once per page load, however often it is asked for. */
export function ensureSessionChecked(): Promise<void> {
  sessionCheck ??= authenticate().catch((err: unknown) => {
    // Not signed in is the ordinary case for a new visitor; anything else is worth a log line.
    if (!(err instanceof ApiError && err.status === 401)) console.warn(err instanceof Error ? err.message : FALLBACK.authenticate);
  });
  return sessionCheck;
}

/** POST /api/auth/login. On failure the session is left as it was. */
export async function login(credentials: Credentials): Promise<void> {
  const { user } = await apiRequest<AuthResponse>("/auth/login", { method: "POST", body: credentials, fallback: FALLBACK.login });
  setSignedIn(user, true);
}

/**
 * Sign-in with a passkey (issue 46): options from the API (any of this site's passkeys, no username
 * needed), the browser signs, the API checks and starts the session. Existing accounts only: a new
 * account still goes through the age gate, the terms and a password.
 */
export async function loginWithPasskey(): Promise<void> {
  const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>("/auth/passkey/options", { method: "POST", body: {}, fallback: FALLBACK.passkeySignIn });
  const response = await signWithPasskey(options);
  const { user } = await apiRequest<AuthResponse>("/auth/passkey", { method: "POST", body: { response }, fallback: FALLBACK.passkeySignIn });
  setSignedIn(user, true);
}

/**
 * POST /api/auth/new-account-check: the API's password policy (the one registration applies, with
 * its common-password list) asked before the terms dialog opens. Throws the refusal as the API words it.
 */
export async function checkNewAccount(credentials: Credentials): Promise<void> {
  await apiRequest<{ ok: true }>("/auth/new-account-check", { method: "POST", body: credentials, fallback: FALLBACK.register });
}

/**
 * POST /api/auth/register with the display name equal to the username (SPEC.md section 4). Only
 * reachable after the age gate and the terms dialog, which is what the two flags record.
 */
export async function register(credentials: Credentials): Promise<void> {
  const { user } = await apiRequest<AuthResponse>("/auth/register", {
    method: "POST",
    body: { ...credentials, displayName: credentials.username, ageConfirmed: true, termsAccepted: true },
    fallback: FALLBACK.register,
  });
  setSignedIn(user, true);
}

/** POST /api/auth/logout. The player is signed out locally even when the call fails. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<{ ok: true }>("/auth/logout", { method: "POST", fallback: FALLBACK.logout });
  } catch (err) {
    console.warn(err instanceof Error ? err.message : FALLBACK.logout);
  } finally {
    clearSession();
  }
}

/** POST /api/auth/forgot-password (mail configured): the same answer whether or not an account matches. */
export async function requestPasswordReset(login: string): Promise<string> {
  const { message } = await apiRequest<{ ok: true; message: string }>("/auth/forgot-password", { method: "POST", body: { login }, fallback: FALLBACK.forgotPassword });
  return message;
}

/** POST /api/auth/reset-password: the e-mailed (or operator's) link's token and the new password. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const { message } = await apiRequest<{ ok: true; message: string }>("/auth/reset-password", { method: "POST", body: { token, password }, fallback: FALLBACK.resetPassword });
  return message;
}

/** POST /api/user/email/confirm: the link sent to a new address. */
export async function confirmEmail(token: string): Promise<{ email: string; message: string }> {
  return apiRequest("/user/email/confirm", { method: "POST", body: { token }, fallback: FALLBACK.confirmEmail });
}
