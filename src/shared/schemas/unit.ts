import { z } from 'zod';
import { code, requiredText } from '../fields';
import { MAX, UNIT_TYPES } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUnitType, ZUpdatedAt, ZUpdatedSince, ZVersion } from './master-data';

/**
 * Units of measure of an item or a resource (spec §3). Spec §5: code required, trimmed, max 10
 * (valid code characters, as every code); description required, max 50. The parent is
 * (unitType, unitNo); unitNo has the item/resource number rules.
 */
const unitNo = () => code(Math.max(MAX.itemNo, MAX.resourceNo));

export const ZUnit = z.object({
  id: z.number(),
  unitType: z.enum(UNIT_TYPES),
  unitNo: z.string(),
  code: z.string(),
  description: z.string(),
  active: z.boolean(),
  version: ZVersion,
  updatedAt: ZUpdatedAt,
});
export type TUnit = z.infer<typeof ZUnit>;

export const ZCreateUnitInput = z.object({
  accountId: ZIgnoredAccountId,
  unitType: ZUnitType,
  unitNo: unitNo(),
  code: code(MAX.unitCode),
  description: requiredText(MAX.unitDescription),
});
export type TCreateUnitInput = z.input<typeof ZCreateUnitInput>;

export const ZUpdateUnitInput = z.object({
  unitType: ZUnitType,
  unitNo: unitNo(),
  code: code(MAX.unitCode),
  description: requiredText(MAX.unitDescription),
  active: ZOptionalActive,
  version: ZExpectedVersion,
});
export type TUpdateUnitInput = z.input<typeof ZUpdateUnitInput>;

export const ZUnitKey = z.object({ unitType: ZUnitType, unitNo: unitNo(), code: code(MAX.unitCode) });
export type TUnitKey = z.input<typeof ZUnitKey>;

/** GET /api/unit/all/{unitType}?unitNo — without unitNo, every unit of that type. */
export const ZUnitListInput = z.object({
  unitType: ZUnitType,
  unitNo: z.preprocess((v) => (v === '' ? undefined : v), unitNo().optional()),
  updatedSince: ZUpdatedSince,
});
export type TUnitListInput = z.input<typeof ZUnitListInput>;
