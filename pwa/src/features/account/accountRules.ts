import { MSG } from "@contract/messages";
import { LIMITS, isValidDisplayName, isValidEmail } from "@contract/rules";

// Settings form rules (SPEC.md section 5), pure so they are unit-tested.

/** The first problem with a password change, or null. */
export function validatePasswordChange(fields: { currentPassword: string; newPassword: string; confirmPassword: string }): string | null {
  const { currentPassword, newPassword, confirmPassword } = fields;
  if (!currentPassword || !newPassword || !confirmPassword) return MSG.passwordFieldsRequired;
  if (newPassword.length < LIMITS.newPasswordMin) return MSG.newPasswordTooShort;
  if (newPassword.length > LIMITS.newPasswordMax) return MSG.newPasswordTooLong;
  if (newPassword !== confirmPassword) return MSG.passwordsDoNotMatch;
  return null;
}

/** The first problem with a new password set without a current one (a passkeys-only account), or null. */
export function validateNewPassword(fields: { newPassword: string; confirmPassword: string }): string | null {
  return validatePasswordChange({ ...fields, currentPassword: "-" });
}

/** Passkeys only (issue 46): a remembered session from before the field existed counts as having one. */
export const hasPassword = (user: { hasPassword?: boolean } | null | undefined): boolean => user?.hasPassword !== false;

/** An email change needs the password; the text says whether it is a change or a removal. */
export function emailPasswordProblem(newEmail: string, password: string): string | null {
  if (password) return null;
  return newEmail ? MSG.emailPasswordRequiredChange : MSG.emailPasswordRequiredRemove;
}

/** Debounces of the live availability checks (SPEC.md section 9). */
export const USERNAME_CHECK_DEBOUNCE_MS = 300;
export const EMAIL_CHECK_DEBOUNCE_MS = 500;

export const displayNameProblem = (name: string): string | null => (isValidDisplayName(name) ? null : MSG.displayNameInvalid);
export const emailProblem = (email: string): string | null => (isValidEmail(email) ? null : MSG.emailInvalid);
