import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { optionalText, plainString, requiredText } from '../fields';

/*
 * Issue 41 §1–§2 (decision 0390): an account's OpenID Connect provider. Strict inputs: an unknown
 * key is refused with UNKNOWN_FIELD, never dropped.
 */

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? errorToken('UNKNOWN_FIELD', { field: iss.keys.join(', ') }) : undefined) });

const httpsUrl = requiredText(500).refine((s) => {
  try {
    const u = new URL(s);
    // http only for a provider on this machine (development, tests).
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
}, errorToken('SSO_ISSUER_URL'));

const domain = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The admin's settings; the secret only when it changes (left out or empty keeps the stored one). */
export const ZSsoSettingsInput = strict({
  enabled: z.boolean(),
  providerName: requiredText(60),
  issuer: httpsUrl,
  clientId: requiredText(200),
  clientSecret: plainString()
    .max(500, errorToken('TOO_LONG', { max: 500 }))
    .optional(),
  /** e-mail domains, lower case; empty = any */
  allowedDomains: z
    .array(
      requiredText(253)
        .transform((d) => d.toLowerCase())
        .refine((d) => domain.test(d), errorToken('SSO_DOMAIN_FORMAT')),
    )
    .max(50, errorToken('TOO_MANY_ITEMS', { max: 50 })),
  tenantId: optionalText(100),
  jitCreate: z.boolean(),
  ssoRequired: z.boolean(),
  /** the username that may still sign in with a password when SSO is required */
  breakGlassUsername: optionalText(100),
});
export type TSsoSettingsInput = z.input<typeof ZSsoSettingsInput>;

export const ZSsoSettings = z.object({
  /** 'env': set by the environment (a one-account install); the screen shows it, read-only */
  source: z.enum(['account', 'env']),
  enabled: z.boolean(),
  providerName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  tenantId: z.string().nullable(),
  jitCreate: z.boolean(),
  ssoRequired: z.boolean(),
  breakGlassUsername: z.string().nullable(),
  redirectUri: z.string(),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

export const ZSsoSettingsAnswer = z.object({ settings: ZSsoSettings.nullable(), redirectUri: z.string() });
export type TSsoSettingsAnswer = z.infer<typeof ZSsoSettingsAnswer>;

/** Removing the provider names itself: `{ confirm: true }`. */
export const ZSsoRemoveInput = strict({ confirm: z.literal(true, { error: ERR.required }) });

/** The login page's buttons. */
export const ZSsoOptionsInput = strict({
  account: plainString()
    .max(20, errorToken('TOO_LONG', { max: 20 }))
    .optional(),
});
export const ZSsoOptions = z.object({ providers: z.array(z.object({ account: z.string(), name: z.string(), required: z.boolean() })) });
export type TSsoOptions = z.infer<typeof ZSsoOptions>;

export const ZSsoTestInput = strict({
  state: plainString({ error: ERR.required })
    .min(1, ERR.required)
    .max(100, errorToken('TOO_LONG', { max: 100 })),
});
/** What the provider returned to a test sign-in: the ID token's claims (never the tokens) and the checks. */
export const ZSsoTestResult = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  claims: z.record(z.string(), z.unknown()),
});
export type TSsoTestResult = z.infer<typeof ZSsoTestResult>;

export const ZLogoutResult = z.object({ ok: z.literal(true), endSessionUrl: z.string().optional() });
