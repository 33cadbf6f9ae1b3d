import { logoutPending } from './logout-pending';
import { todayIso } from './today';
import { trpcUtils } from './trpc';

/** The plain home page's first page of entries (Yours, no filters: the same key as the page's own query). */
export const HOME_LIST_INPUT = { mode: 'YOURS' } as const;

/** Data fetched within this long before the page mounts is not asked for again on mount. */
export const FIRST_CALLS_FRESH_MS = 2_000;

/**
 * Issue 25 §4: opening the plain home page (`/`, as a phone does from its home screen), its first
 * calls leave in one batch with the account info, instead of a round trip after it plus the render
 * of the layout (about 1 s at 4× CPU slowdown before the list and the glance were even asked for).
 * Only where the inputs are known before the account info is: the home page without a tab, filter
 * or view in its search (the mode then is Yours for every role). A 401 ends in /login as before;
 * the answers stay in the query cache, which a login clears.
 */
export function fetchFirstCalls(location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== '/' || location.search !== '' || logoutPending()) return;
  void trpcUtils.user.info.prefetch();
  void trpcUtils.worksheet.formSettings.prefetch(undefined, { staleTime: 60_000 });
  void trpcUtils.report.glance.prefetch({ today: todayIso() }, { staleTime: 60_000 });
  void trpcUtils.worksheet.list.prefetchInfinite(HOME_LIST_INPUT);
  void trpcUtils.worksheet.totals.prefetch(HOME_LIST_INPUT);
}
