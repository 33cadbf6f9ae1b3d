import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { code, optionalCode, plainString } from '../fields';
import { MAX } from '../limits';
import { ZUnitType } from './master-data';

/**
 * The entry form's autocompletes (spec §7 GET /api/<x>/search): `q` matches the code/number or
 * the description/name, case-insensitively, anywhere in the text; only active records; ordered by
 * code; no limit unless `limit` is given (spec §9).
 */
export const SEARCH_MAX_LIMIT = 100_000;
export const SEARCH_MAX_QUERY = 100;

const q = z
  .preprocess(
    (v) => (v === null ? undefined : v),
    plainString({ error: ERR.mustBeString })
      .max(SEARCH_MAX_QUERY, errorToken('TOO_LONG', { max: SEARCH_MAX_QUERY }))
      .optional(),
  )
  .transform((v) => v?.trim() ?? '');

const limit = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: ERR.mustBeNumber })
    .int(ERR.mustBeNumber)
    .min(1, errorToken('TOO_LOW', { property: 'limit', min: 1 }))
    .max(SEARCH_MAX_LIMIT, errorToken('TOO_HIGH', { property: 'limit', max: SEARCH_MAX_LIMIT }))
    .optional(),
);

export const ZSearchInput = z.object({ q, limit });
export type TSearchInput = z.input<typeof ZSearchInput>;

/** Jobs: optionally only those billed to `customerNo` (spec §4: choosing a customer filters jobs). */
export const ZJobSearchInput = ZSearchInput.extend({ customerNo: optionalCode(MAX.customerNo).optional() });
export type TJobSearchInput = z.input<typeof ZJobSearchInput>;

/** Customers: optionally only the bill-to customer of `jobCode` (spec §4: choosing a job filters customers). */
export const ZCustomerSearchInput = ZSearchInput.extend({ jobCode: optionalCode(MAX.jobCode).optional() });
export type TCustomerSearchInput = z.input<typeof ZCustomerSearchInput>;

/** Job tasks of one job. */
export const ZJobTaskSearchInput = ZSearchInput.extend({ jobCode: code(MAX.jobCode) });
export type TJobTaskSearchInput = z.input<typeof ZJobTaskSearchInput>;

/** Units of measure of one item or resource. */
export const ZUnitSearchInput = ZSearchInput.extend({
  unitType: ZUnitType,
  unitNo: code(Math.max(MAX.itemNo, MAX.resourceNo)),
});
export type TUnitSearchInput = z.input<typeof ZUnitSearchInput>;
