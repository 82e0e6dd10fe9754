import { MSG } from "@contract/messages";
import { messageOf } from "./http";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";

// The browser half of passkeys (issue 46): @simplewebauthn/browser, loaded only when a passkey is
// used. Shared by the login screen (sign in) and Account Settings (add, confirm a deletion).

/** Passkeys are offered only where the browser has WebAuthn at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** An error a player can read: cancelled or timed out (the usual case), or what the browser said. */
export class PasskeyError extends Error {
  override name = "PasskeyError";
}

function readable(err: unknown, alreadyAdded = false): PasskeyError {
  const name = (err as { name?: string; cause?: { name?: string } })?.cause?.name ?? (err as { name?: string })?.name;
  if (name === "InvalidStateError" && alreadyAdded) return new PasskeyError(MSG.passkeyAlreadyAdded);
  if (name === "NotAllowedError" || name === "AbortError" || name === "InvalidStateError") return new PasskeyError(MSG.passkeyCancelled);
  return new PasskeyError(err instanceof Error && err.message ? err.message : MSG.passkeyCancelled);
}

/** Asks the browser to make a passkey for the options the API gave. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  if (!passkeysSupported()) throw new PasskeyError(MSG.passkeyUnsupported);
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return await startRegistration({ optionsJSON });
  } catch (err) {
    throw readable(err, true);
  }
}

/** Asks the browser to sign the API's challenge with one of this site's passkeys. */
export async function signWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  if (!passkeysSupported()) throw new PasskeyError(MSG.passkeyUnsupported);
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return await startAuthentication({ optionsJSON });
  } catch (err) {
    throw readable(err);
  }
}

/** The text for a failed passkey step: the browser's (cancelled...) or the API's, else the fallback. */
export function passkeyMessageOf(err: unknown, fallback: string): string {
  return err instanceof PasskeyError ? err.message : messageOf(err, fallback);
}
