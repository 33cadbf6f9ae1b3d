import { z } from 'zod';
import { mondayOf } from '../copy-dates';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { bool, id, isoDate, plainString } from '../fields';
import { COPY_MAX, DATE_MAX, DATE_MIN } from '../limits';
import { ZWorksheetRecord } from './worksheet';

/** An ISO week `YYYY-Www`, or any date of the week (its Monday is meant). */
const week = () =>
  plainString()
    .regex(/^(\d{4}-W\d{2}|\d{4}-\d{2}-\d{2})$/, { error: ERR.invalidDate, abort: true })
    .refine((s) => mondayOf(s) !== null, { error: ERR.invalidDate, abort: true })
    .refine((s) => {
      const monday = mondayOf(s) ?? '';
      return monday >= DATE_MIN && monday <= DATE_MAX;
    }, ERR.dateOutOfRange)
    .meta({
      pattern: '^(\\d{4}-W\\d{2}|\\d{4}-\\d{2}-\\d{2})$',
      description: `ISO week YYYY-Www (e.g. 2026-W48), or a date YYYY-MM-DD of that week; ${DATE_MIN} … ${DATE_MAX}`,
    });

/** POST /api/worksheet/copy (issue 22 §5). */
export const ZCopyWorksheetInput = z
  .object({
    /** The entries to copy; at most COPY_MAX. */
    ids: z
      .array(id(), { error: ERR.required })
      .min(1, ERR.required)
      .max(COPY_MAX, errorToken('COPY_TOO_MANY', { max: COPY_MAX }))
      .meta({ description: `Ids of the entries to copy, 1 … ${COPY_MAX}` }),
    /** Every copy lands on this date (an entry or a day). */
    toDate: isoDate().optional(),
    /** Each copy lands on its source's weekday of this week (a week). */
    toWeek: week().optional(),
    /** true: answer what would be created, create nothing. */
    dryRun: bool().optional(),
  })
  .refine((v) => (v.toDate === undefined) !== (v.toWeek === undefined), { message: errorToken('COPY_TARGET'), path: ['toDate'] })
  // Issue 37 §1: the document says "exactly one of toDate/toWeek" in the schema, not only in prose.
  .meta({ oneOf: [{ required: ['toDate'] }, { required: ['toWeek'] }] });
export type TCopyWorksheetInput = z.input<typeof ZCopyWorksheetInput>;

/** One entry a copy creates (or would create, on a dry run). */
export const ZCopyPreviewEntry = ZWorksheetRecord.pick({
  username: true,
  date: true,
  customerNo: true,
  jobCode: true,
  jobDescription: true,
  jobTaskCode: true,
  locationCode: true,
  workTypeCode: true,
  unitType: true,
  unitNo: true,
  unitDescription: true,
  description: true,
  timeFrom: true,
  timeTo: true,
  quantity: true,
  unitOfMeasureCode: true,
}).extend({
  /** The entry it is copied from. */
  sourceId: z.number(),
});
export type TCopyPreviewEntry = z.infer<typeof ZCopyPreviewEntry>;

export const ZCopyWorksheetResult = z.object({
  dryRun: z.boolean(),
  /** The new entries (empty on a dry run), in the order of `preview`. */
  created: z.array(ZWorksheetRecord),
  /** What is (or would be) created, one per id, in the order of `ids`. */
  preview: z.array(ZCopyPreviewEntry),
  /** Issue 40 §5: entries the owners already had on the target days before this copy (the preview warns). */
  existing: z.number().int(),
});
export type TCopyWorksheetResult = z.infer<typeof ZCopyWorksheetResult>;
