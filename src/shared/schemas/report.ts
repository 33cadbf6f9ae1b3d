import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR, tooLong } from '../errors';
import { enumOf, optionalCode, optionalIsoDate } from '../fields';
import { MAX, MODES } from '../limits';
import { WS_ERR } from './worksheet-errors';
import { CSV_FORMATS } from './export';

import { REPORT_GROUPS, REPORT_MAX_GROUPS, REPORT_MAX_YEARS, REPORT_MEASURES, REPORT_SOURCES, REPORT_STATUSES } from './report-names';

export * from './report-names';

/** The last day a period starting on `from` may end on: five years less a day. */
export function reportPeriodEnd(from: string): string {
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.UTC(d.getUTCFullYear() + REPORT_MAX_YEARS, d.getUTCMonth(), d.getUTCDate() - 1));
  return end.toISOString().slice(0, 10);
}

/**
 * A list of names (["job", "person"]), each from `allowed`, at most `max` of them, no repeats. tRPC
 * takes the array; REST's query takes it comma-separated (`group=job,person`, OpenAPI's form style
 * without explode), split at the REST edge (`rest.commaLists`, src/server/http/rest.ts).
 */
function nameList<T extends readonly [string, ...string[]]>(allowed: T, what: string, max: number, example: Array<T[number]>, fallback: Array<T[number]>) {
  return (
    z
      .array(
        z
          .string({ error: ERR.mustBeString })
          .trim()
          .max(40, { error: tooLong(40) }),
        { error: ERR.mustBeString },
      )
      // a guard on the list's size; the rule on how many is below, per list
      .max(20, { error: tooLong(20) })
      .optional()
      .transform((given, ctx): Array<T[number]> => {
        const names = (given ?? fallback).filter(Boolean);
        if (names.length === 0) {
          ctx.addIssue({ code: 'custom', message: ERR.required, input: given });
          return z.NEVER;
        }
        const unknown = names.find((n) => !(allowed as readonly string[]).includes(n));
        if (unknown !== undefined) {
          ctx.addIssue({ code: 'custom', message: errorToken('REPORT_UNKNOWN', { what, value: unknown, allowed: allowed.join(', ') }), input: given });
          return z.NEVER;
        }
        const unique = [...new Set(names)];
        if (unique.length > max) {
          ctx.addIssue({ code: 'custom', message: errorToken('REPORT_TOO_MANY_GROUPS', { max }), input: given });
          return z.NEVER;
        }
        return unique as Array<T[number]>;
      })
      .meta({ example, description: `From: ${allowed.join(', ')}` })
  );
}

/** The query fields REST takes comma-separated (and tRPC as arrays). */
export const REPORT_COMMA_LISTS = ['group', 'measures'] as const;

/** GET /api/report (and its downloads): what to group, what to sum, which entries. */
const reportFields = {
  group: nameList(REPORT_GROUPS, 'group', REPORT_MAX_GROUPS, ['job', 'person'], ['job']).describe(
    `One or two levels (REST: comma-separated): ${REPORT_GROUPS.join(', ')}; omitted = job. With two, each value of the first has a subtotal.`,
  ),
  measures: nameList(REPORT_MEASURES, 'measure', REPORT_MEASURES.length, ['hours', 'entries'], [...REPORT_MEASURES]).describe(
    `REST: comma-separated, from: ${REPORT_MEASURES.join(', ')}; omitted = all. hours: quantity of Resource entries; quantity: sums per unit of measure; approved/exported: share of the entries.`,
  ),
  from: optionalIsoDate().optional().describe('First day of the period; omitted = the first day of the month of `to`, or of this month (UTC)'),
  to: optionalIsoDate().optional().describe(`Last day of the period, at most ${REPORT_MAX_YEARS} years after from; omitted = the last day of the month of \`from\``),
  mode: enumOf(MODES)
    .optional()
    .describe(
      'Whose entries, as the lists: YOURS, TEAM (a Teamleader’s or Admin’s team), ALL (Admin). Omitted = ALL for an Admin, TEAM for a Teamleader, YOURS for a Basic user (who always gets YOURS).',
    ),
  person: optionalCode(MAX.username).optional().describe('Only this user’s entries; a user outside the mode’s scope answers 400'),
  customerNo: optionalCode(MAX.customerNo).optional(),
  jobCode: optionalCode(MAX.jobCode).optional(),
  status: enumOf(REPORT_STATUSES).optional().describe('any (default), approved, unapproved'),
  source: enumOf(REPORT_SOURCES).optional().describe('both (default): worksheet and archive; worksheet: open entries; archive: exported entries'),
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
function monthEnd(date: string): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0));
  return d.toISOString().slice(0, 10);
}

/** An omitted end of the period from the other end (a whole month); from ≤ to, and at most five years. */
function period<V extends { from?: string | null | undefined; to?: string | null | undefined }>(v: V, ctx: z.RefinementCtx): Omit<V, 'from' | 'to'> & { from: string; to: string } {
  const from = v.from ?? monthStart(v.to ?? new Date().toISOString().slice(0, 10));
  const to = v.to ?? monthEnd(from);
  if (from > to) ctx.addIssue({ code: 'custom', message: WS_ERR.dateRange, path: ['from'] });
  else if (to > reportPeriodEnd(from)) ctx.addIssue({ code: 'custom', message: errorToken('REPORT_PERIOD_TOO_LONG', { max: REPORT_MAX_YEARS }), path: ['to'] });
  return { ...v, from, to };
}

export const ZReportInput = z.object(reportFields).transform(period);
export type TReportInput = z.input<typeof ZReportInput>;
export type TReportQuery = z.output<typeof ZReportInput>;

/** A quantity in one unit of measure. */
export const ZReportQuantity = z.object({ code: z.string(), quantity: z.number() });

/** One line: a leaf (keys of every level), a subtotal (keys of the first level) or the total (no keys). */
export const ZReportLine = z.object({
  /** the group values, one per level covered; null = entries without one (no customer, no task) */
  keys: z.array(z.string().nullable()),
  /** a readable name per key (job description, customer name …), null when there is none */
  labels: z.array(z.string().nullable()),
  hours: z.number().optional().describe('Sum of the quantity of Resource entries'),
  quantities: z.array(ZReportQuantity).optional().describe('Sums per unit of measure (units are never added together)'),
  entries: z.number().int().optional(),
  approvedEntries: z.number().int().optional(),
  approvedShare: z.number().min(0).max(1).optional().describe('approvedEntries / entries'),
  exportedEntries: z.number().int().optional(),
  exportedShare: z.number().min(0).max(1).optional().describe('exportedEntries / entries'),
});
export type TReportLine = z.infer<typeof ZReportLine>;

export const ZReport = z.object({
  groups: z.array(z.enum(REPORT_GROUPS)),
  measures: z.array(z.enum(REPORT_MEASURES)),
  from: z.string(),
  to: z.string(),
  mode: z.enum(MODES),
  /** the units of measure that occur, in code order */
  units: z.array(z.object({ code: z.string(), label: z.string() })),
  /** one line per value (pair of values) of the group levels, in key order */
  rows: z.array(ZReportLine),
  /** with two levels: one line per value of the first level (the sum of its rows) */
  subtotals: z.array(ZReportLine),
  /** the sum of every row */
  total: ZReportLine,
});
export type TReport = z.infer<typeof ZReport>;

/** GET /api/report/download: the same report as a file. */
export const REPORT_FILE_TYPES = ['xlsx', 'csv'] as const;
export const ZReportDownloadInput = z
  .object({
    ...reportFields,
    format: enumOf(REPORT_FILE_TYPES).optional().describe('xlsx (typed cells; the default) or csv'),
    csvFormat: enumOf(CSV_FORMATS).optional().describe('CSV only: danish (; and decimal comma) or international (, and point); omitted = by the user’s language'),
  })
  .transform(period);
export type TReportDownloadQuery = z.output<typeof ZReportDownloadInput>;
