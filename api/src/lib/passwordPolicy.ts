import { dictionary } from "@zxcvbn-ts/language-common";
import { MSG } from "../contract/messages.ts";
import { newPasswordShapeProblem } from "../contract/rules.ts";

// RULES.md, Accounts: new and changed passwords are 8-128 characters, not the username, and not
// one of the most common passwords. The list is zxcvbn-ts's (49,000 passwords from real leaks,
// MIT, shipped in node_modules, never fetched); it stays on the server, not in the PWA's bytes.
let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));

/** The first problem with a new password, or null when it may be used. */
export function newPasswordProblem(password: string, username: string): string | null {
  const shape = newPasswordShapeProblem(password, username);
  if (shape) return shape;
  if (commonPasswords().has(password.toLowerCase())) return MSG.passwordTooCommon;
  return null;
}

export const COMMON_PASSWORD_COUNT = () => commonPasswords().size;
