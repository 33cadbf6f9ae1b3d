import { m } from '../../../shared/paraglide/messages.js';
import { REPORT_GROUP_NAME } from '../../../shared/report-groups';
import type { ReportGroup } from '../../../shared/schemas/report-names';
import { formatDate, formatNumber } from '../../lib/format';

/** How a report reads on the page and in its chart (the page and the lazy chart chunk share it). */

/** The groups' names in the user's locale (shared with the report files). */
export const GROUP_NAME = REPORT_GROUP_NAME;

/** A key as people read it: a unit without its type, a month by name, none as "(none)". */
export function keyText(group: ReportGroup, key: string | null): string {
  if (key === null || key === '') return m.rep_empty_key();
  if (group === 'unit') return key.slice(key.indexOf(':') + 1);
  if (group === 'month') return formatDate(`${key}-01`, { month: 'short', year: 'numeric' });
  return key;
}

export const hoursText = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
