import { z } from 'zod';
import { code, id, optionalText } from '../fields';
import { ERR } from '../errors';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZVersion } from './master-data';

/**
 * Locations (spec §3: id, code, active; "a name is also referred to", so an optional name is
 * kept). Spec §5: code required, trimmed, max 10 (valid code characters, as every code).
 * `accountId` is part of the record because the list's delete call sends it back (spec §7).
 */
export const ZLocation = z.object({
  id: z.number(),
  accountId: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  active: z.boolean(),
  version: ZVersion,
  updatedAt: ZUpdatedAt,
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZCreateLocationInput = z.object({
  accountId: ZIgnoredAccountId,
  code: code(MAX.locationCode),
  name: optionalText(MAX.name).optional(),
});
export type TCreateLocationInput = z.input<typeof ZCreateLocationInput>;

/** `name` absent keeps the stored one; null or '' clears it. */
export const ZUpdateLocationInput = z.object({
  code: code(MAX.locationCode),
  name: optionalText(MAX.name).optional(),
  active: ZOptionalActive,
  version: ZExpectedVersion,
});
export type TUpdateLocationInput = z.input<typeof ZUpdateLocationInput>;

export const ZLocationKey = z.object({ code: code(MAX.locationCode) });
export type TLocationKey = z.input<typeof ZLocationKey>;

/** DELETE /api/location: `{id, accountId}` from the list or `{code}` from the edit page (spec §7). */
export const ZDeleteLocationInput = z
  .object({
    id: id().optional(),
    accountId: ZIgnoredAccountId,
    code: code(MAX.locationCode).optional(),
  })
  .refine((v) => v.id !== undefined || v.code !== undefined, { message: ERR.required, path: ['code'] })
  // For /api/openapi.json: one of the two shapes (the id wins when both are sent).
  .meta({ oneOf: [{ required: ['id'] }, { required: ['code'], not: { properties: { id: {} }, required: ['id'] } }] });
export type TDeleteLocationInput = z.input<typeof ZDeleteLocationInput>;
