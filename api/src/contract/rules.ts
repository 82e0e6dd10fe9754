// Plain constants and checks only, no zod: the PWA imports this module on its first screens.
// Input rules of SPEC.md section 5, shared by the API (authoritative) and the PWA (early feedback).
import { MSG } from "./messages.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const DISPLAY_NAME_PATTERN = /^[A-Za-z0-9_-]{2,20}$/;
// A simple address pattern, as the spec asks: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A wishlist's owners count stops here (issue 48): counting every holder of a common card costs too much; shown as "100+". */
export const OWNERS_COUNT_CAP = 100;

/** Issue 46 (chat safety): why a message is reported, a short fixed list, in the order shown. */
export const REPORT_REASONS = ["spam", "harassment", "hate", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or scam",
  harassment: "Harassment or bullying",
  hate: "Hate speech",
  illegal: "Sexual content involving a minor, or other illegal content",
  other: "Something else",
};

/** Pull History's page size, and the most one request may ask for. */
export const PULLS_PAGE_DEFAULT = 20;
export const PULLS_PAGE_MAX = 100;

export const LIMITS = {
  usernameMax: 20,
  displayNameMin: 2,
  displayNameMax: 20,
  // Sign-in still takes the 5-15 character passwords of SPEC.md's older accounts, and the longer
  // ones that new and changed passwords may be (RULES.md, Accounts: 8-128).
  loginPasswordMin: 5,
  loginPasswordMax: 128,
  newPasswordMin: 8,
  newPasswordMax: 128,
  emailMax: 254,
  chatMessageMax: 500,
  supportSubjectMax: 100,
  supportMessageMax: 1000,
  // Passkeys (issue 46): a name to tell them apart, and how many one account may hold.
  passkeyNameMax: 40,
  passkeysMax: 10,
} as const;

export function isValidDisplayName(name: string): boolean {
  return DISPLAY_NAME_PATTERN.test(name);
}

export function isValidEmail(email: string): boolean {
  return email.length <= LIMITS.emailMax && EMAIL_PATTERN.test(email);
}

/**
 * What a new or changed password must be that both sides can check (RULES.md, Accounts: 8-128
 * characters, not the username); the API also refuses common ones (passwordPolicy.ts, with its list).
 */
export function newPasswordShapeProblem(password: string, username: string): string | null {
  if (password.length < LIMITS.newPasswordMin) return MSG.newPasswordTooShort;
  if (password.length > LIMITS.newPasswordMax) return MSG.newPasswordTooLong;
  if (password.toLowerCase() === username.toLowerCase()) return MSG.passwordIsUsername;
  return null;
}
