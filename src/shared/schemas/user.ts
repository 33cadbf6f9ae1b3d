import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR, cannotBe } from '../errors';
import { bool, code, enumOf, optionalCode, optionalIsoDate, optionalText, requiredText, teamCode } from '../fields';
import { LANGUAGE_CODES, MAX, PROFILE_TYPES } from '../limits';
import { ZUpdatedAt } from './master-data';

/** Shortest password we accept (the operator CLI asks the same). */
export const PASSWORD_MIN = 8;

/**
 * Sentences of the user rules that are not in the shared catalogue; the users screens translate
 * them (src/client/features/admin/users/user-errors.ts), integrators read them as they are.
 */
export const USER_ERR = {
  passwordTooShort: errorToken('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN }),
  ownRole: errorToken('OWN_ROLE'),
  ownExpiration: errorToken('OWN_EXPIRATION'),
  ownDeactivate: errorToken('OWN_DEACTIVATE'),
  ownDelete: errorToken('OWN_DELETE'),
  hasEntries: errorToken('USER_HAS_ENTRIES'),
  resourceNotActive: errorToken('RESOURCE_NOT_ACTIVE'),
  lastAdmin: errorToken('LAST_ADMIN'),
} as const;

/**
 * "API" is the name the API key acts under (audit trail, created by); a user of that name would
 * be indistinguishable from it.
 */
export const RESERVED_USERNAMES = ['api'] as const;

/** A new username (spec §5: a valid code, max 20, not a reserved name); also the user import's. */
export const username = () =>
  code(MAX.username).refine((u) => !RESERVED_USERNAMES.includes(u.toLowerCase() as (typeof RESERVED_USERNAMES)[number]), {
    error: (iss) => cannotBe('Username', String(iss.input)),
  });

/** The key of a user in lookups (single, update, delete, change password): required, no pattern. */
const usernameKey = () => requiredText(100);

// An empty password already says "Field is required"; no second message for it.
export const password = () =>
  requiredText(MAX.password)
    .refine((p) => p.length === 0 || p.length >= PASSWORD_MIN, USER_ERR.passwordTooShort)
    .meta({ minLength: PASSWORD_MIN });
export const confirmPassword = () => requiredText(MAX.password);

/** Issue 41: the address single sign-on links a pre-created user by; '' / null clears it. */
export const EMAIL_MAX = 254;
const email = () => optionalText(EMAIL_MAX).refine((v) => v === null || v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), errorToken('EMAIL_FORMAT'));

/** A user of spec §3 as lists and single answer it: never the password. */
export const ZUser = z.object({
  id: z.number(),
  accountId: z.number(),
  username: z.string(),
  profileType: z.enum(PROFILE_TYPES),
  teamCode: z.string().nullable(),
  languageCode: z.enum(LANGUAGE_CODES),
  defaultDescription: z.string().nullable(),
  defaultResource: z.string().nullable(),
  lockDefaultResource: z.boolean(),
  expirationDate: z.string().nullable(),
  active: z.boolean(),
  /** issue 41: single sign-on links a pre-created user by it */
  email: z.string().nullable(),
  updatedAt: ZUpdatedAt,
});
export type TUser = z.infer<typeof ZUser>;

export const matchPasswords = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ERR.passwordsMustMatch });
};

/** POST /api/user (spec §5 Create user). `accountId` is accepted and ignored: the caller's account counts. */
export const ZCreateUserInput = z
  .object({
    accountId: z.unknown().optional(),
    username: username(),
    password: password(),
    confirmPassword: confirmPassword(),
    profileType: enumOf(PROFILE_TYPES).default('Basic'),
    teamCode: teamCode(MAX.teamCode),
    languageCode: enumOf(LANGUAGE_CODES).default('ENU'),
    defaultDescription: optionalText(MAX.description),
    defaultResource: optionalCode(MAX.resourceNo),
    lockDefaultResource: bool().default(false),
    expirationDate: optionalIsoDate(),
    active: bool().default(true),
    email: email(),
  })
  .superRefine(matchPasswords);
export type TCreateUserInput = z.input<typeof ZCreateUserInput>;
export type TCreateUser = z.output<typeof ZCreateUserInput>;

/**
 * PUT /api/user (spec §5 Edit user): the username picks the user and cannot be changed;
 * profileType and languageCode are required. Any other field left out keeps its value; null or
 * '' clears it.
 */
export const ZUpdateUserInput = z.object({
  accountId: z.unknown().optional(),
  username: usernameKey(),
  profileType: enumOf(PROFILE_TYPES),
  languageCode: enumOf(LANGUAGE_CODES),
  teamCode: teamCode(MAX.teamCode).optional(),
  defaultDescription: optionalText(MAX.description).optional(),
  defaultResource: optionalCode(MAX.resourceNo).optional(),
  lockDefaultResource: bool().optional(),
  expirationDate: optionalIsoDate().optional(),
  active: bool().optional(),
  email: email().optional(),
});
export type TUpdateUserInput = z.input<typeof ZUpdateUserInput>;
export type TUpdateUser = z.output<typeof ZUpdateUserInput>;

/** PUT /api/user/change-password. */
export const ZChangePasswordInput = z
  .object({
    username: usernameKey(),
    password: password(),
    confirmPassword: confirmPassword(),
  })
  .superRefine(matchPasswords);
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

/** GET /api/user/single?username= and DELETE /api/user {username}. */
export const ZUsernameInput = z.object({ username: usernameKey() });
export type TUsernameInput = z.input<typeof ZUsernameInput>;

export const ZUserList = z.array(ZUser);
