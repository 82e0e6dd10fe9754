import { useMutation } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useState } from "react";
import { isAgeGateAnswered, rememberAgeGateAnswer } from "./ageGateAnswer";
import { login, loginWithPasskey, logout, register, type Credentials } from "./api";

/** The age gate is answered once per browser; the answer is remembered with its date. */
export function useAgeGate(): { accepted: boolean; accept: () => void } {
  const [accepted, setAccepted] = useState(isAgeGateAnswered);
  // The early age gate (earlyAgeGate.ts, drawn before React) still takes taps while React renders
  // over it: one between this first render and its commit stored the answer, and the gate React
  // then drew over the tapped one waited for another tap (a browser test caught it). Read again
  // once committed, before the frame is painted.
  useLayoutEffect(() => {
    if (isAgeGateAnswered()) setAccepted(true);
  }, []);
  const accept = useCallback(() => {
    rememberAgeGateAnswer();
    setAccepted(true);
  }, []);
  return { accepted, accept };
}

export function useLogin() {
  return useMutation({ mutationFn: (credentials: Credentials) => login(credentials) });
}

export function usePasskeyLogin() {
  return useMutation({ mutationFn: loginWithPasskey });
}

export function useRegister() {
  return useMutation({ mutationFn: (credentials: Credentials) => register(credentials) });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
