import { z } from 'zod';
import { ERR, tooLong } from '../errors';
import { bool, enumOf, id } from '../fields';
import { RESOURCE_UNITS, UNIT_TYPES } from '../limits';

/** The BC Document No. prefix: letters, digits and hyphens, at most 10, stored in upper case. */
export const BC_DOCUMENT_PREFIX = z
  .string({ error: ERR.mustBeString })
  .trim()
  .max(10, tooLong(10))
  .regex(/^[A-Za-z0-9-]*$/, ERR.invalidChars)
  .transform((v) => v.toUpperCase())
  .meta({ pattern: '^[A-Za-z0-9-]{0,10}$', description: 'Letters, digits and hyphens, at most 10; stored in upper case' });

/** Account settings of spec §3 (GET /api/account). The API key material is never part of it. */
export const ZAccount = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** ISO date-time */
  createdDate: z.string(),
  /** YYYY-MM-DD or null (never expires) */
  expirationDate: z.string().nullable(),
  active: z.boolean(),
  showCustomer: z.boolean(),
  showJobTask: z.boolean(),
  showLocation: z.boolean(),
  showWorkType: z.boolean(),
  mandatoryJobTask: z.boolean(),
  mandatoryLocation: z.boolean(),
  mandatoryWorkType: z.boolean(),
  defaultUnitType: z.enum(UNIT_TYPES),
  resourceUnits: z.enum(RESOURCE_UNITS),
  /** Prefix of the Document No. in the Business Central export profile (decision 0203), e.g. WT → WT000042. */
  bcDocumentPrefix: z.string(),
  /** Issue 40 §2 (decision 0410): workers submit their weeks; submitted entries are locked for them until approved or sent back. Default off. */
  submitWeeks: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

/**
 * PUT /api/account: the id plus the settings (spec §7). defaultUnitType and resourceUnits are
 * required (spec §5); a flag left out keeps its value. Code, name, expiry and status belong to the
 * operator and are not changed here (docs/decisions/0010-account-settings-and-api-key.md).
 */
export const ZUpdateAccountInput = z.object({
  id: id(),
  showCustomer: bool().optional(),
  showJobTask: bool().optional(),
  showLocation: bool().optional(),
  showWorkType: bool().optional(),
  mandatoryJobTask: bool().optional(),
  mandatoryLocation: bool().optional(),
  mandatoryWorkType: bool().optional(),
  defaultUnitType: enumOf(UNIT_TYPES),
  resourceUnits: enumOf(RESOURCE_UNITS),
  /** Upper case letters, digits and hyphens, at most 10 (BC's Document No. is Code[20]); left out keeps it. */
  bcDocumentPrefix: BC_DOCUMENT_PREFIX.optional(),
  /** Issue 40 §2: workers submit their weeks; left out keeps it. */
  submitWeeks: bool().optional(),
});
export type TUpdateAccountInput = z.input<typeof ZUpdateAccountInput>;
export type TUpdateAccount = z.output<typeof ZUpdateAccountInput>;

/** The visibility flags and the mandatory flag each one governs (spec §4). */
export const SHOW_MANDATORY = [
  ['showJobTask', 'mandatoryJobTask'],
  ['showLocation', 'mandatoryLocation'],
  ['showWorkType', 'mandatoryWorkType'],
] as const;

type Flags = Pick<TAccount, 'showJobTask' | 'showLocation' | 'showWorkType' | 'mandatoryJobTask' | 'mandatoryLocation' | 'mandatoryWorkType'>;

/** Spec §4: a hidden field cannot be mandatory, so turning off showX clears mandatoryX. */
export function normaliseFlags<T extends Flags>(flags: T): T {
  const out = { ...flags };
  for (const [show, mandatory] of SHOW_MANDATORY) if (!out[show]) out[mandatory] = false;
  return out;
}

/** GET /api/account/api-key and POST /api/account/generate-api-key. */
export const ZApiKey = z.object({ apiKey: z.string().nullable() });
export const ZNewApiKey = z.object({ apiKey: z.string() });
