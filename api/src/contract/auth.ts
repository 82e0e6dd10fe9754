import { z } from "zod";
import { MSG } from "./messages.ts";
import { DISPLAY_NAME_PATTERN, EMAIL_PATTERN, LIMITS, USERNAME_PATTERN } from "./rules.ts";

// Request bodies of the account calls, with the texts of SPEC.md section 5 as their messages.
// Server only: the PWA checks the same rules through rules.ts without pulling zod in.

const requiredString = (message: string) => z.string({ error: message }).min(1, { error: message });

export const LoginBody = z.object({
  username: requiredString(MSG.loginRequired)
    .max(LIMITS.usernameMax, { error: MSG.usernameChars })
    .regex(USERNAME_PATTERN, { error: MSG.usernameChars }),
  password: requiredString(MSG.loginRequired)
    .min(LIMITS.loginPasswordMin, { error: MSG.passwordLength })
    .max(LIMITS.loginPasswordMax, { error: MSG.newPasswordTooLong }),
});

// A new password's length here; not the username and not a common one in the command (it needs the list).
const newPassword = requiredString(MSG.loginRequired)
  .min(LIMITS.newPasswordMin, { error: MSG.newPasswordTooShort })
  .max(LIMITS.newPasswordMax, { error: MSG.newPasswordTooLong });

export const RegisterBody = z.object({
  username: requiredString(MSG.loginRequired).regex(DISPLAY_NAME_PATTERN, { error: MSG.displayNameInvalid }),
  password: newPassword,
  displayName: z.string({ error: MSG.displayNameInvalid }).regex(DISPLAY_NAME_PATTERN, { error: MSG.displayNameInvalid }).optional(),
  // The player passed the age gate and accepted the terms dialog; both are recorded.
  ageConfirmed: z.literal(true, { error: MSG.ageConfirmationRequired }),
  termsAccepted: z.literal(true, { error: MSG.termsRequired }),
});

/**
 * What the login form sends before its terms dialog offers an account for an unknown username:
 * the same username and new-password rules as RegisterBody, checked by the API's one password
 * policy (the common-password list stays on the server), so a weak password is refused before
 * the player reads and accepts the terms, in the words the registration itself would use.
 */
export const NewAccountCheckBody = z.object({
  username: RegisterBody.shape.username,
  password: newPassword,
});

export const DisplayNameBody = z.object({
  displayName: z.string({ error: MSG.displayNameInvalid }).trim().regex(DISPLAY_NAME_PATTERN, { error: MSG.displayNameInvalid }),
});

export const CheckEmailBody = z.object({
  email: z.string({ error: MSG.emailInvalid }).trim().max(LIMITS.emailMax, { error: MSG.emailInvalid }).regex(EMAIL_PATTERN, { error: MSG.emailInvalid }),
});

export const UpdateEmailBody = z.object({
  // null or "" removes the address.
  email: z
    .string({ error: MSG.emailInvalid })
    .trim()
    .max(LIMITS.emailMax, { error: MSG.emailInvalid })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || EMAIL_PATTERN.test(v), { error: MSG.emailInvalid }),
  password: z.string({ error: MSG.badRequest }).optional().default(""),
});

/**
 * PUT /api/user/password: the current password, or (issue 46) a `passkey` answer to
 * /api/user/passkeys/confirm-options instead, the only way for an account without a password.
 */
export const UpdatePasswordBody = z.object({
  currentPassword: z.string({ error: MSG.passwordFieldsRequired }).max(LIMITS.loginPasswordMax, { error: MSG.currentPasswordWrong }).optional().default(""),
  newPassword: z
    .string({ error: MSG.passwordFieldsRequired })
    .min(1, { error: MSG.passwordFieldsRequired })
    .min(LIMITS.newPasswordMin, { error: MSG.newPasswordTooShort })
    .max(LIMITS.newPasswordMax, { error: MSG.newPasswordTooLong }),
});

/** POST /api/user/password/remove (issue 46): passkeys only from now on, confirmed by the current password. */
export const RemovePasswordBody = z.object({
  currentPassword: z.string({ error: MSG.passwordFieldsRequired }).min(1, { error: MSG.passwordFieldsRequired }).max(LIMITS.loginPasswordMax, { error: MSG.currentPasswordWrong }),
});

/**
 * POST /api/user/delete: the proof that it is the player. Today the current password; a passkey
 * assertion can be added later as another field (exactly one of them given).
 */
export const DeleteAccountBody = z.object({
  password: z.string({ error: MSG.deleteAccountPasswordRequired }).min(1, { error: MSG.deleteAccountPasswordRequired }).max(LIMITS.loginPasswordMax, { error: MSG.currentPasswordWrong }),
});
export type DeleteAccountBodyDto = z.infer<typeof DeleteAccountBody>;

/** "Forgot password?" with mail configured: the username or the e-mail address. */
export const ForgotPasswordBody = z.object({
  login: requiredString(MSG.forgotLoginRequired).trim().max(LIMITS.emailMax, { error: MSG.forgotLoginRequired }),
});

/** The reset page: the link's token and the new password (the registration's policy). */
export const ResetPasswordBody = z.object({
  token: z.string({ error: MSG.resetLinkInvalid }).max(100, { error: MSG.resetLinkInvalid }),
  password: newPassword,
});

export const ConfirmEmailBody = z.object({
  token: z.string({ error: MSG.emailConfirmInvalid }).max(100, { error: MSG.emailConfirmInvalid }),
});
