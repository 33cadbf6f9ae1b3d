import { z } from 'zod';
import { code, optionalCode, requiredText } from '../fields';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZVersion } from './master-data';

/**
 * Work types (spec §3). Spec §5: code required, valid code, max 10; description required, max
 * 100; unitOfMeasureCode optional, max 10 (a unit code, so valid code characters).
 */
export const ZWorkType = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  unitOfMeasureCode: z.string().nullable(),
  active: z.boolean(),
  version: ZVersion,
  updatedAt: ZUpdatedAt,
});
export type TWorkType = z.infer<typeof ZWorkType>;

export const ZCreateWorkTypeInput = z.object({
  accountId: ZIgnoredAccountId,
  code: code(MAX.workTypeCode),
  description: requiredText(MAX.description),
  unitOfMeasureCode: optionalCode(MAX.unitCode),
});
export type TCreateWorkTypeInput = z.input<typeof ZCreateWorkTypeInput>;

export const ZUpdateWorkTypeInput = z.object({
  code: code(MAX.workTypeCode),
  description: requiredText(MAX.description),
  unitOfMeasureCode: optionalCode(MAX.unitCode),
  active: ZOptionalActive,
  version: ZExpectedVersion,
});
export type TUpdateWorkTypeInput = z.input<typeof ZUpdateWorkTypeInput>;

export const ZWorkTypeKey = z.object({ code: code(MAX.workTypeCode) });
export type TWorkTypeKey = z.input<typeof ZWorkTypeKey>;
