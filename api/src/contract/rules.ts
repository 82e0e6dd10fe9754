// Input rules of SPEC.md section 5, shared by the API (authoritative) and the PWA (early feedback).

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const DISPLAY_NAME_PATTERN = /^[A-Za-z0-9_-]{2,20}$/;
// A simple address pattern, as the spec asks: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LIMITS = {
  usernameMax: 20,
  displayNameMin: 2,
  displayNameMax: 20,
  loginPasswordMin: 5,
  loginPasswordMax: 15,
  newPasswordMin: 6,
  // The login form takes at most 15 characters, so a longer new password would lock the player out.
  newPasswordMax: 15,
  emailMax: 254,
  chatMessageMax: 500,
  supportSubjectMax: 100,
  supportMessageMax: 1000,
} as const;

export function isValidDisplayName(name: string): boolean {
  return DISPLAY_NAME_PATTERN.test(name);
}

export function isValidEmail(email: string): boolean {
  return email.length <= LIMITS.emailMax && EMAIL_PATTERN.test(email);
}
