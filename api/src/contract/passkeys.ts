import { z } from "zod";
import { MSG } from "./messages.ts";
import { LIMITS } from "./rules.ts";

// Passkeys (issue 46 item 2): request bodies and answers (server only, as auth.ts; the PWA imports the types). The WebAuthn answers are the JSON that
// @simplewebauthn/browser produces; @simplewebauthn/server checks what is inside them.

export const PASSKEY_NAME_MAX = LIMITS.passkeyNameMax;
/** Passkeys one account may hold. */
export const PASSKEYS_MAX = LIMITS.passkeysMax;

const b64url = z.string({ error: MSG.passkeyNotVerified }).max(16_000, { error: MSG.passkeyNotVerified }).regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: MSG.passkeyNotVerified });
const extensions = z.record(z.string(), z.unknown()).optional().default({});

const credentialBase = {
  id: b64url.max(1400, { error: MSG.passkeyNotVerified }),
  rawId: b64url.max(1400, { error: MSG.passkeyNotVerified }),
  type: z.literal("public-key", { error: MSG.passkeyNotVerified }),
  clientExtensionResults: extensions,
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const RegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
});

export const AuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

export const AddPasskeyBody = z.object({
  name: z.string({ error: MSG.passkeyNameInvalid }).trim().min(1, { error: MSG.passkeyNameInvalid }).max(PASSKEY_NAME_MAX, { error: MSG.passkeyNameInvalid }),
  response: RegistrationResponseSchema,
});

/** Sign-in options: with a username the browser is told which passkeys to offer; without, any of this site's. */
export const PasskeySignInOptionsBody = z.object({
  username: z.string().trim().max(64).optional(),
});

export const PasskeySignInBody = z.object({ response: AuthenticationResponseSchema });

/** POST /api/user/delete confirmed with a passkey: its answer to /api/user/passkeys/confirm-options. */
export const DeleteWithPasskeyBody = z.object({ passkey: AuthenticationResponseSchema });

export interface PasskeyDto {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysResponse {
  passkeys: PasskeyDto[];
}
