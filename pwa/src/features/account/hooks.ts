import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import type { AvailabilityResponse } from "@contract/user";
import { updateUser } from "../../lib/session";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { addPasskey, emailQueryOptions, passkeyAnswer, passkeysQueryOptions, removePassword, removePasskey, setDisplayName, updateEmail, updatePassword } from "./api";

export type AvailabilityStatus = "unchecked" | "checking" | "available" | "unavailable";

export interface Availability {
  status: AvailabilityStatus;
  message: string | null;
}

const UNCHECKED: Availability = { status: "unchecked", message: null };

interface AvailabilityOptions {
  value: string;
  /** False skips the check (too short, unchanged, empty). */
  enabled: boolean;
  debounceMs: number;
  /** A local rule problem, reported without asking the server. */
  validate: (value: string) => string | null;
  check: (value: string, signal: AbortSignal) => Promise<AvailabilityResponse>;
  availableMessage: string;
  takenMessage: string;
  failedMessage: string;
}

/**
 * The live availability check of SPEC.md section 4: typing resets to unchecked, then once the value
 * has rested for the debounce it is checking, then available or unavailable. A result only counts
 * for the exact value it was computed for, so a late answer never lands on newer typing.
 */
export function useAvailabilityCheck(options: AvailabilityOptions): Availability {
  const { value, enabled, debounceMs, validate, check, availableMessage, takenMessage, failedMessage } = options;
  const settledValue = useDebouncedValue(value, debounceMs);
  const settled = enabled && settledValue === value;
  const [result, setResult] = useState<Availability & { value: string }>({ ...UNCHECKED, value: "" });

  useEffect(() => {
    if (!settled) return;
    const problem = validate(value);
    if (problem) {
      setResult({ value, status: "unavailable", message: problem });
      return;
    }
    setResult({ value, status: "checking", message: MSG.checkingAvailability });
    const controller = new AbortController();
    check(value, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setResult(
          answer.available
            ? { value, status: "available", message: availableMessage }
            : { value, status: "unavailable", message: answer.error ?? takenMessage },
        );
      },
      () => {
        if (!controller.signal.aborted) setResult({ value, status: "unavailable", message: failedMessage });
      },
    );
    return () => controller.abort();
    // The functions and texts are fixed per form; only a newly settled value runs a check.
  }, [settled, value]);

  return settled && result.value === value ? { status: result.status, message: result.message } : UNCHECKED;
}

/** Sets the display name and puts the returned user into the session. */
export function useSetDisplayName() {
  return useMutation({
    mutationFn: (displayName: string) => setDisplayName(displayName),
    onSuccess: ({ user }) => updateUser(user),
  });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a password (passkeys only) the browser's passkey dialog confirms instead.
    mutationFn: async (input: { email: string | null; password: string; withPasskey?: boolean; fallback: string }) =>
      updateEmail(input.withPasskey ? { email: input.email, passkey: await passkeyAnswer(input.fallback) } : { email: input.email, password: input.password }, input.fallback),
    onSuccess: ({ email }) => {
      updateUser({ email });
      queryClient.setQueryData(emailQueryOptions().queryKey, { email });
    },
  });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, onSuccess: () => updateUser({ hasPassword: true }) });
}

/** Sets a password on a passkeys-only account: the passkey's dialog confirms it (issue 46). */
export function useSetPasswordWithPasskey() {
  return useMutation({
    mutationFn: async (newPassword: string) => updatePassword({ newPassword, passkey: await passkeyAnswer(FALLBACK.updatePassword) }),
    onSuccess: () => updateUser({ hasPassword: true }),
  });
}

/** Passkeys only from now on: the answer is the player without a password. */
export function useRemovePassword() {
  return useMutation({ mutationFn: removePassword, onSuccess: ({ user }) => updateUser(user) });
}

/** Adds a passkey (the browser's dialog in between) and refreshes the list. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => addPasskey(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removePasskey(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}
