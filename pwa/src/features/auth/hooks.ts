import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { readStored, writeStored } from "../../lib/storage";
import { login, logout, register, type Credentials } from "./api";

const AGE_GATE_KEY = "foilbound-age-gate";

/** The age gate is answered once per browser; the answer is remembered with its date. */
export function useAgeGate(): { accepted: boolean; accept: () => void } {
  const [accepted, setAccepted] = useState(() => readStored<{ acceptedAt: string }>(AGE_GATE_KEY) !== undefined);
  const accept = useCallback(() => {
    writeStored(AGE_GATE_KEY, { acceptedAt: new Date().toISOString() });
    setAccepted(true);
  }, []);
  return { accepted, accept };
}

export function useLogin() {
  return useMutation({ mutationFn: (credentials: Credentials) => login(credentials) });
}

export function useRegister() {
  return useMutation({ mutationFn: (credentials: Credentials) => register(credentials) });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
