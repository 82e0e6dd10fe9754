import { queryOptions } from "@tanstack/react-query";
import { FALLBACK } from "@contract/messages";
import type { AuthResponse, AvailabilityResponse } from "@contract/user";
import { apiRequest } from "../../lib/http";

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

/** An empty address removes it; the current password is required either way. */
/** With mail configured (issue 46) a new address comes back as pendingEmail, confirmed by its link. */
export function updateEmail(body: { email: string | null; password: string }, fallback: string): Promise<{ email: string | null; pendingEmail?: string; message?: string }> {
  return apiRequest("/user/email", { method: "PUT", body, fallback });
}

export function updatePassword(body: { currentPassword: string; newPassword: string }): Promise<{ ok: true }> {
  return apiRequest("/user/password", { method: "PUT", body, fallback: FALLBACK.updatePassword });
}

export const emailQueryOptions = () =>
  queryOptions({
    queryKey: ["user", "email"],
    queryFn: () => apiRequest<{ email: string | null }>("/user/email", { fallback: FALLBACK.getEmail }),
    staleTime: 0,
  });

/**
 * How the player proves it is them before the account is deleted: the current password today.
 * A passkey would be another member of this union, its assertion sent in place of the password.
 */
export type DeletionProof = { password: string };

/** POST /api/user/delete: erases the account and every session; the answer clears this device's cookie. */
export function deleteAccount(proof: DeletionProof): Promise<{ ok: true }> {
  return apiRequest("/user/delete", { method: "POST", body: proof, fallback: FALLBACK.deleteAccount });
}
