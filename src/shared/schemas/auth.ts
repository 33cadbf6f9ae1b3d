import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { LANGUAGE_CODES, MAX, PROFILE_TYPES, RESOURCE_UNITS } from '../limits';
import { bool, plainString } from '../fields';

const requiredRaw = (max: number) => plainString({ error: ERR.required }).min(1, ERR.required).max(max, errorToken('TOO_LONG', { max }));

export const ZLoginInput = z.object({
  username: requiredRaw(100)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, ERR.required),
  password: requiredRaw(MAX.password),
  remember: bool().default(true),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZOk = z.object({ ok: z.literal(true) });

/** Account info of spec §3 (GET /api/user/info). */
export const ZUserInfo = z.object({
  username: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  defaultResource: z.string().nullable(),
  lockDefaultResource: z.boolean(),
  defaultDescription: z.string().nullable(),
  resourceUnits: z.enum(RESOURCE_UNITS),
  profileType: z.enum(PROFILE_TYPES),
  languageCode: z.enum(LANGUAGE_CODES),
  teamCode: z.string().nullable(),
  supportEmail: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
