import { MSG } from "@contract/messages";
import { LIMITS, USERNAME_PATTERN } from "@contract/rules";

// The login form's rules and texts (SPEC.md section 5), kept pure so they are unit-tested.

/** The first problem with the typed credentials, or null when they may be sent. */
export function validateLogin(username: string, password: string): string | null {
  if (!username || !password) return MSG.loginRequired;
  if (username.length > LIMITS.usernameMax || !USERNAME_PATTERN.test(username)) return MSG.usernameChars;
  if (password.length < LIMITS.loginPasswordMin) return MSG.passwordLength;
  if (password.length > LIMITS.loginPasswordMax) return MSG.newPasswordTooLong;
  return null;
}

/** True when the server says the username does not exist: the terms dialog offers an account. */
export function isUnknownUsername(message: string): boolean {
  return message === MSG.invalidUsername;
}

/** A login failure as the form shows it. */
export function loginErrorText(message: string): string {
  return message.includes("Invalid") && message.includes("password") ? MSG.wrongPassword : message;
}

/** A registration failure as the form shows it. */
export function registrationErrorText(message: string): string {
  return message === MSG.usernameTaken ? MSG.usernameTakenHint : MSG.accountCreationFailed(message);
}
