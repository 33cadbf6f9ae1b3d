import { createFileRoute } from '@tanstack/react-router';
import { WorksheetHomePage } from '../../features/worksheet/worksheet-home-page';
import type { Mode } from '../../../shared/limits';
import { isValidWeek } from '../../../shared/week';
import { modeOf, optionalStrings } from '../../lib/search';
import { parseListFilters, type ListFilters } from '../../features/worksheet/list-filters';

const search = optionalStrings('mode', 'view', 'week', 'user', 'hl');

export interface HomeSearch extends ListFilters {
  mode?: Mode;
  /** issue 22 §6: the week view instead of the day list */
  view?: 'week';
  /** ISO week '2026-W48'; absent = this week */
  week?: string;
  /** whose week (a leader's team member); absent = the caller */
  user?: string;
  /** issue 23 §3: the entry just edited or approved, highlighted for a moment on return */
  hl?: string;
}

/**
 * Worksheet home. Read the search with getRouteApi('/_app/').useSearch(). Checked by hand, not
 * with zod: zod is not in the home route's first chunk (decision 0185), and a bad value simply
 * counts as absent (decision 0214).
 */
export const Route = createFileRoute('/_app/')({
  validateSearch: (raw): HomeSearch => {
    const s = search(raw);
    const out: HomeSearch = { mode: modeOf(s.mode) };
    if (s.view === 'week') out.view = 'week';
    if (s.week && isValidWeek(s.week)) out.week = s.week;
    if (s.user && s.user.length <= 20) out.user = s.user;
    if (s.hl && /^\d{1,10}$/.test(s.hl)) out.hl = s.hl;
    // Issue 23 §1: the list filters (decision 0217: parsed without zod, checked by the server).
    return { ...out, ...parseListFilters(raw) };
  },
  component: WorksheetHomePage,
});
