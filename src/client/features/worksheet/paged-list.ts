import { useMemo } from 'react';
import { mergePages } from '../../../shared/paging-merge';
import type { TListTotals } from '../../../shared/paging';
import type { TWorksheetGroup, TWorksheetListInput } from '../../../shared/schemas/worksheet';
import { FIRST_CALLS_FRESH_MS } from '../../lib/first-calls';
import { trpc } from '../../lib/trpc';

/**
 * Always asked again on mount (staleTime 0: back on the page after an edit, the list is the
 * server's), except an answer from a moment ago that nothing invalidated: the plain home page's
 * first calls (lib/first-calls.ts) leave before the page mounts, and asking again would double them.
 */
const askAgainOnMount = (query: { state: { isInvalidated: boolean; dataUpdatedAt: number } }) =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > FIRST_CALLS_FRESH_MS;

/** What the worksheet home and the archive show of a paged list (issue 9, decision 0110). */
export interface PagedWorksheet {
  /** the loaded pages, a day split across pages merged into one group */
  groups: TWorksheetGroup[];
  /** totals of the whole selection (from the first page), null until it has loaded */
  totals: TListTotals | null;
  /** entries loaded so far */
  loaded: number;
  hasMore: boolean;
  loadMore: () => void;
  isFetchingMore: boolean;
}

/**
 * The list as a TanStack infinite query over tRPC: the first page on mount, the next ones as the
 * user scrolls (WorksheetEntries calls loadMore at the end of what is loaded). Refetching (after
 * approve, edit, delete, and before printing) reloads the pages already loaded, in order; the
 * invalidations of `utils.worksheet.list` are joined by `utils.worksheet.totals` where entries change.
 */
export function usePagedWorksheet(input: Omit<NonNullable<TWorksheetListInput>, 'cursor'>, opts: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  const query = trpc.worksheet.list.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchOnMount: askAgainOnMount,
    refetchOnWindowFocus: true,
    // Pages of 200 entries: comparing old and new deeply (structural sharing) costs more than re-rendering.
    structuralSharing: false,
    enabled: opts.enabled ?? true,
    ...(opts.keepPrevious ? { placeholderData: (previous: unknown) => previous as never } : {}),
  });
  // The totals of the whole selection are their own call (batched with the first page by tRPC).
  const totals = trpc.worksheet.totals.useQuery(input, {
    staleTime: 0,
    refetchOnMount: askAgainOnMount,
    refetchOnWindowFocus: true,
    enabled: opts.enabled ?? true,
    ...(opts.keepPrevious ? { placeholderData: (previous: unknown) => previous as never } : {}),
  });
  const pages = query.data?.pages;
  const totalsData = totals.data ?? null;
  const paged = useMemo<PagedWorksheet>(() => {
    const groups = mergePages(pages ?? []);
    return {
      groups,
      totals: totalsData,
      loaded: groups.reduce((n, g) => n + g.worksheet.length, 0),
      hasMore: false,
      loadMore: () => {},
      isFetchingMore: false,
    };
  }, [pages, totalsData]);
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  return {
    query,
    paged: {
      ...paged,
      hasMore: hasNextPage,
      isFetchingMore: isFetchingNextPage,
      loadMore: () => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
    } satisfies PagedWorksheet,
  };
}
