import { MSG } from "@contract/messages";
import { isValidDisplayName, LIMITS, newPasswordShapeProblem, USERNAME_PATTERN } from "@contract/rules";

// The login form's rules and texts (SPEC.md section 5), kept pure so they are unit-tested.

/** The first problem with the typed credentials, or null when they may be sent. */
export function validateLogin(username: string, password: string): string | null {
  if (!username || !password) return MSG.loginRequired;
  if (username.length > LIMITS.usernameMax || !USERNAME_PATTERN.test(username)) return MSG.usernameChars;
  if (password.length < LIMITS.loginPasswordMin) return MSG.passwordLength;
  if (password.length > LIMITS.loginPasswordMax) return MSG.newPasswordTooLong;
  return null;
}

/**
 * Why these credentials cannot become a new account, or null when the terms dialog may offer one.
 * Checked before the dialog: a player who typed a short password met the server's refusal only
 * after accepting the terms. (Only the API knows the common-password list: the form asks it next,
 * see newAccountCheckText.)
 */
export function newAccountProblem(username: string, password: string): string | null {
  const problem = isValidDisplayName(username) ? newPasswordShapeProblem(password, username) : MSG.displayNameInvalid;
  return problem && MSG.cannotCreateAccount(problem);
}

/**
 * The API's answer to the new-account check (its password policy, common passwords included) as
 * the form shows it: a refusal (400) in the API's own words, why the terms dialog did not open;
 * an older server without the check (404, 405) lets the dialog open, registration still decides;
 * anything else (offline, too many tries, a server error) is shown as it is.
 */
export function newAccountCheckText(status: number, message: string): string | null {
  if (status === 400) return MSG.cannotCreateAccount(message);
  if (status === 404 || status === 405) return null;
  return message;
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
