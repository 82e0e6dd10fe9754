import { queryOptions } from "@tanstack/react-query";
import { FALLBACK } from "@contract/messages";
import type { AuthResponse, AvailabilityResponse } from "@contract/user";
import type { PasskeyDto, PasskeysResponse } from "@contract/passkeys";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { apiRequest } from "../../lib/http";
import { createPasskey, signWithPasskey } from "../../lib/passkeys";

// Account calls of SPEC.md section 7: display name, email, password.

export function checkDisplayName(displayName: string, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return apiRequest("/check-username", { method: "POST", body: { displayName }, fallback: FALLBACK.checkAvailability, signal });
}

export function setDisplayName(displayName: string): Promise<AuthResponse> {
  return apiRequest("/set-username", { method: "POST", body: { displayName }, fallback: FALLBACK.setUsername });
}

export function checkEmail(email: string, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return apiRequest("/check-email", { method: "POST", body: { email }, fallback: FALLBACK.checkEmailAvailability, signal });
}

/**
 * An empty address removes it; the current password is required either way, or a passkey's answer
 * (the only way without a password). With mail configured (issue 46) a new address comes back as
 * pendingEmail, confirmed by its link.
 */
export function updateEmail(body: { email: string | null } & ({ password: string } | { passkey: AuthenticationResponseJSON }), fallback: string): Promise<{ email: string | null; pendingEmail?: string; message?: string }> {
  return apiRequest("/user/email", { method: "PUT", body, fallback });
}

/** Changes the password (current password), or sets one on a passkeys-only account (a passkey's answer). */
export function updatePassword(body: { newPassword: string } & ({ currentPassword: string } | { passkey: AuthenticationResponseJSON })): Promise<{ ok: true }> {
  return apiRequest("/user/password", { method: "PUT", body, fallback: FALLBACK.updatePassword });
}

/** Passkeys only from now on (issue 46): needs a passkey on the account; other devices are signed out. */
export function removePassword(currentPassword: string): Promise<AuthResponse> {
  return apiRequest("/user/password/remove", { method: "POST", body: { currentPassword }, fallback: FALLBACK.removePassword });
}

export const emailQueryOptions = () =>
  queryOptions({
    queryKey: ["user", "email"],
    queryFn: () => apiRequest<{ email: string | null }>("/user/email", { fallback: FALLBACK.getEmail }),
    staleTime: 0,
  });

/**
 * How the player proves it is them before the account is deleted: the current password, or a
 * passkey's answer to a confirmation challenge (confirmWithPasskey) sent in its place.
 */
export type DeletionProof = { password: string } | { passkey: AuthenticationResponseJSON };

/** POST /api/user/delete: erases the account and every session; the answer clears this device's cookie. */
export function deleteAccount(proof: DeletionProof): Promise<{ ok: true }> {
  return apiRequest("/user/delete", { method: "POST", body: proof, fallback: FALLBACK.deleteAccount });
}

// Passkeys (issue 46): listed, added and removed in Account Settings.

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ["user", "passkeys"],
    queryFn: () => apiRequest<PasskeysResponse>("/user/passkeys", { fallback: FALLBACK.passkeys }),
    staleTime: 0,
  });

/** Options from the API, the browser makes the passkey, the API checks and keeps it under `name`. */
export async function addPasskey(name: string): Promise<PasskeyDto> {
  const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>("/user/passkeys/options", { method: "POST", fallback: FALLBACK.addPasskey });
  const response = await createPasskey(options);
  const { passkey } = await apiRequest<{ passkey: PasskeyDto }>("/user/passkeys", { method: "POST", body: { name, response }, fallback: FALLBACK.addPasskey });
  return passkey;
}

export function removePasskey(id: number): Promise<{ ok: true }> {
  return apiRequest(`/user/passkeys/${id}`, { method: "DELETE", fallback: FALLBACK.removePasskey });
}

/** A passkey's answer to a fresh confirmation challenge: the proof for deleting the account, changing the e-mail or the password. */
export async function passkeyAnswer(fallback: string): Promise<AuthenticationResponseJSON> {
  const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>("/user/passkeys/confirm-options", { method: "POST", fallback });
  return signWithPasskey(options);
}

export async function confirmWithPasskey(): Promise<DeletionProof> {
  return { passkey: await passkeyAnswer(FALLBACK.deleteAccount) };
}
