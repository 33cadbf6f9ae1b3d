import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { enumOf, plainString } from '../fields';
import { SECOND_FACTOR_REQUIRED } from '../limits';

/*
 * Issue 41: the second factor. Every input a strict object: a key the server does not know is
 * refused, not silently dropped.
 */

/** A strict object whose unknown keys are refused with a catalogue code (UNKNOWN_FIELD), not zod's English. */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? errorToken('UNKNOWN_FIELD', { field: iss.keys.join(', ') }) : undefined) });

const challenge = plainString({ error: ERR.required })
  .min(1, ERR.required)
  .max(100, errorToken('TOO_LONG', { max: 100 }));
/** A 6-digit TOTP code or a recovery code (10 letters, maybe with a dash and spaces). */
const code = plainString({ error: ERR.required })
  .trim()
  .min(1, ERR.required)
  .max(40, errorToken('TOO_LONG', { max: 40 }));

/** The login's answer: a session (ok) or the second step it waits for. */
export const ZLoginResult = z.union([
  z.object({ ok: z.literal(true) }),
  // passkey: the user may answer with a passkey (POST /api/user/login/second-factor/passkey) — with 'totp' also a code.
  z.object({ ok: z.literal(false), secondFactor: z.enum(['totp', 'passkey', 'enrol']), challenge: z.string(), passkey: z.boolean() }),
]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZSecondFactorInput = strict({ challenge, code });
export type TSecondFactorInput = z.input<typeof ZSecondFactorInput>;

/** Enrolling: signed in, or during a login the account requires a second factor for (then with its challenge). */
export const ZTotpStartInput = strict({ challenge: challenge.optional() });
export const ZTotpStart = z.object({ secret: z.string(), uri: z.string() });
export type TTotpStart = z.infer<typeof ZTotpStart>;

export const ZTotpConfirmInput = strict({ challenge: challenge.optional(), code });
export type TTotpConfirmInput = z.input<typeof ZTotpConfirmInput>;
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** A current code confirms turning two-factor off and new recovery codes. */
export const ZCodeInput = strict({ code });
export type TCodeInput = z.input<typeof ZCodeInput>;

export const ZSecurity = z.object({ totp: z.boolean(), passkeys: z.number(), recoveryCodesLeft: z.number(), required: z.boolean() });
export type TSecurity = z.infer<typeof ZSecurity>;

export const ZAccountSecurity = strict({ secondFactorRequired: enumOf(SECOND_FACTOR_REQUIRED) });
export type TAccountSecurity = z.infer<typeof ZAccountSecurity>;
