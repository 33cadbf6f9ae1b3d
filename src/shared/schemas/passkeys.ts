import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { bool, id, plainString, requiredText } from '../fields';

/*
 * Issue 41 §3 (decision 0400): passkeys. The browser's WebAuthn answers are loose objects (the
 * browser adds fields as the standard grows; @simplewebauthn/server reads what it needs); every
 * other input is strict.
 */

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? errorToken('UNKNOWN_FIELD', { field: iss.keys.join(', ') }) : undefined) });

const b64url = (max: number) =>
  plainString({ error: ERR.required })
    .max(max, errorToken('TOO_LONG', { max }))
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, errorToken('PASSKEY_INVALID'))
    // An example of its own: without one, Swagger UI builds one from the pattern and the length
    // (thousands of characters per field), which stopped /api/docs rendering past the first tag.
    .meta({ example: 'AQIDBA' });

/** The login challenge of a password sign-in waiting for its second step. */
const loginChallenge = plainString({ error: ERR.required })
  .min(1, ERR.required)
  .max(100, errorToken('TOO_LONG', { max: 100 }));

export const PASSKEY_NAME_MAX = 60;
const name = requiredText(PASSKEY_NAME_MAX);

/** A registration (navigator.credentials.create) as JSON, as @simplewebauthn/browser gives it. */
const ZRegistrationResponse = z.looseObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: errorToken('PASSKEY_INVALID') }),
  response: z.looseObject({
    clientDataJSON: b64url(10_000),
    attestationObject: b64url(60_000),
    transports: z.array(plainString().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: plainString().max(40).optional(),
});

/** A sign-in (navigator.credentials.get) as JSON. */
const ZAuthenticationResponse = z.looseObject({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: errorToken('PASSKEY_INVALID') }),
  response: z.looseObject({
    clientDataJSON: b64url(10_000),
    authenticatorData: b64url(10_000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: plainString().max(40).optional(),
});

/** The options for the browser (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), passed on as they are. */
export const ZPasskeyOptions = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

export const ZPasskey = z.object({
  id: z.number(),
  name: z.string(),
  transports: z.array(z.string()),
  /** ISO 8601 */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });

export const ZPasskeyRegisterInput = strict({ name, response: ZRegistrationResponse });
export type TPasskeyRegisterInput = z.input<typeof ZPasskeyRegisterInput>;

export const ZPasskeyRenameInput = strict({ id: id(), name });
export type TPasskeyRenameInput = z.input<typeof ZPasskeyRenameInput>;
export const ZPasskeyIdInput = strict({ id: id() });

/** Sign-in options: without a challenge for a passkey sign-in; with the login's challenge for the second step. */
export const ZPasskeyLoginOptionsInput = strict({ challenge: loginChallenge.optional() });

export const ZPasskeyLoginInput = strict({ response: ZAuthenticationResponse, remember: bool().optional() });
export type TPasskeyLoginInput = z.input<typeof ZPasskeyLoginInput>;

export const ZPasskeySecondFactorInput = strict({ challenge: loginChallenge, response: ZAuthenticationResponse });
export type TPasskeySecondFactorInput = z.input<typeof ZPasskeySecondFactorInput>;
