import type { Mode } from '../../../shared/limits';
import { REPORT_GROUPS, REPORT_MAX_GROUPS, REPORT_MEASURES, REPORT_SOURCES, REPORT_STATUSES } from '../../../shared/schemas/report-names';
import { modeOf, optionalStrings } from '../../lib/search';

const search = optionalStrings('group', 'measures', 'from', 'to', 'mode', 'person', 'customerNo', 'jobCode', 'status', 'source');

/** The report in the URL (issue 26): shareable with anyone who may see the same entries. */
export interface ReportSearch {
  /** one or two of REPORT_GROUPS, comma-separated */
  group?: string;
  measures?: string;
  from?: string;
  to?: string;
  mode?: Mode;
  person?: string;
  customerNo?: string;
  jobCode?: string;
  status?: string;
  source?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const names = (value: string | undefined, allowed: readonly string[], max: number) => {
  const list = [...new Set((value ?? '').split(',').filter((n) => allowed.includes(n)))].slice(0, max);
  return list.length ? list.join(',') : undefined;
};

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
  if (s.status && (REPORT_STATUSES as readonly string[]).includes(s.status)) out.status = s.status;
  if (s.source && (REPORT_SOURCES as readonly string[]).includes(s.source)) out.source = s.source;
  return out;
}
