import { z } from 'zod';
import { optionalCode } from '../fields';
import { MAX, UNIT_TYPES } from '../limits';
import { isValidWeek } from '../week';

export const WEEK_ERR = 'must be an ISO week like 2026-W48 (years 1900–2999)';

/** GET /api/worksheet/week: one ISO week of one user's entries (issue 22 §6). */
export const ZWorksheetWeekInput = z.object({
  week: z.string({ error: WEEK_ERR }).trim().refine(isValidWeek, WEEK_ERR).meta({ example: '2026-W48', description: 'ISO 8601 week, Monday to Sunday' }),
  username: optionalCode(MAX.username).describe(
    'Whose week: omitted = the caller. A Teamleader may name a member of their team, an Admin any user of the account; otherwise 403 (404 for an unknown user).',
  ),
});
export type TWorksheetWeekInput = z.input<typeof ZWorksheetWeekInput>;

const sevenNumbers = z.array(z.number()).length(7).describe('Monday to Sunday');

/**
 * Issue 40 §4: a day of a row that holds exactly one entry — what the week grid needs to edit it in
 * place (PUT /api/worksheet sends the record's other fields as they are). Several entries on one
 * day are no cell of their own (null): the grid shows their sum and links to the day.
 */
export const ZWeekCell = z.object({
  id: z.number().int(),
  version: z.number().int(),
  description: z.string(),
  customerNo: z.string().nullable(),
  locationCode: z.string().nullable(),
  /** HH:mm (time mode) */
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  /** The caller may change or delete it now (not approved, not exported, not in a closed period, may manage it). */
  editable: z.boolean(),
});
export type TWeekCell = z.infer<typeof ZWeekCell>;

/** One row of the week: the entries of one job + task + unit (+ work type) in one unit of measure. */
export const ZWeekRow = z.object({
  jobCode: z.string(),
  jobDescription: z.string().nullable(),
  jobTaskCode: z.string().nullable(),
  jobTaskDescription: z.string().nullable(),
  /** The job's customer (the entries' when the job has none): an empty cell prefills it. */
  customerNo: z.string().nullable(),
  unitType: z.enum(UNIT_TYPES),
  unitNo: z.string(),
  unitDescription: z.string().nullable(),
  workTypeCode: z.string().nullable(),
  unitOfMeasureCode: z.string(),
  days: sevenNumbers,
  /** entries per day, Monday to Sunday */
  entries: z.array(z.number().int()).length(7),
  /** Issue 40 §4: Monday to Sunday, the day's one entry (null: none, or several) */
  cells: z.array(ZWeekCell.nullable()).length(7),
  total: z.number(),
});
export type TWeekRow = z.infer<typeof ZWeekRow>;

/** Sums per unit of measure: units differ (hours, boxes) and are never added together. */
export const ZWeekUnitTotal = z.object({ code: z.string(), label: z.string(), days: sevenNumbers, total: z.number() });
export type TWeekUnitTotal = z.infer<typeof ZWeekUnitTotal>;

export const ZWorksheetWeek = z.object({
  week: z.string().meta({ example: '2026-W48' }),
  username: z.string(),
  /** the seven dates, Monday first */
  days: z.array(z.string()).length(7),
  rows: z.array(ZWeekRow),
  totals: z.array(ZWeekUnitTotal),
  /** The ids of the week's entries, ascending: what "Copy week…" copies (POST /api/worksheet/copy toWeek). */
  ids: z.array(z.number().int()),
  /** Issue 40 §3/§4: the account's closed date (entries on or before it cannot change), null = none */
  closedUntil: z.string().nullable(),
  /** Issue 40 §4: the caller may add entries to this week from the grid (their own week; the entry form writes for its caller) */
  canCreate: z.boolean(),
});
export type TWorksheetWeek = z.infer<typeof ZWorksheetWeek>;
