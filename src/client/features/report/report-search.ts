import type { Mode } from '../../../shared/limits';
import {
  REPORT_GROUPS,
  REPORT_MAX_GROUPS,
  REPORT_MEASURES,
  REPORT_SOURCES,
  REPORT_STATUSES,
  type ReportGroup,
  type ReportMeasure,
  type ReportSource,
  type ReportStatus,
} from '../../../shared/schemas/report-names';
import { modeOf, optionalStrings } from '../../lib/search';

const search = optionalStrings('group', 'measures', 'from', 'to', 'mode', 'person', 'customerNo', 'jobCode', 'status', 'source');

/**
 * The report in the URL (issue 26): shareable with anyone who may see the same entries. The lists
 * are arrays here, as tRPC takes them; the URL holds them comma-separated (`String(list)` in
 * lib/search.ts's stringifySearch), as REST's query does.
 */
export interface ReportSearch {
  /** one or two of REPORT_GROUPS, in order */
  group?: ReportGroup[];
  measures?: ReportMeasure[];
  from?: string;
  to?: string;
  mode?: Mode;
  person?: string;
  customerNo?: string;
  jobCode?: string;
  status?: ReportStatus;
  source?: ReportSource;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The names of `allowed` in a comma-separated value, in order, no repeats, at most `max`; unknown ones drop out. */
function names<T extends string>(value: string | undefined, allowed: readonly T[], max: number): T[] | undefined {
  const list = [...new Set((value ?? '').split(','))].filter((n): n is T => (allowed as readonly string[]).includes(n)).slice(0, max);
  return list.length ? list : undefined;
}
const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined => allowed.find((a) => a === value);

/**
 * The report's URL search, checked by hand, not with zod: validateSearch runs in the router's first
 * chunk, which the home page loads too (decisions 0172, 0185); the page itself validates with the
 * shared ZReportInput, and the server answers 400 for anything it refuses. Unknown values drop out.
 */
export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const s = search(raw);
  const out: ReportSearch = {};
  const group = names(s.group, REPORT_GROUPS, REPORT_MAX_GROUPS);
  if (group) out.group = group;
  const measures = names(s.measures, REPORT_MEASURES, REPORT_MEASURES.length);
  if (measures) out.measures = measures;
  if (s.from && DATE.test(s.from)) out.from = s.from;
  if (s.to && DATE.test(s.to)) out.to = s.to;
  const mode = modeOf(s.mode);
  if (mode) out.mode = mode;
  for (const key of ['person', 'customerNo', 'jobCode'] as const) if (s[key] && s[key].length <= 20) out[key] = s[key];
  const status = oneOf(s.status, REPORT_STATUSES);
  if (status) out.status = status;
  const source = oneOf(s.source, REPORT_SOURCES);
  if (source) out.source = source;
  return out;
}
