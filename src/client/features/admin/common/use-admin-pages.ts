import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminSortBy, TAdminListInput } from '../../../../shared/admin-paging';
import type { AdminColumn, AdminPaging, SortState } from './admin-list';

/** How long the search box waits after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** The search and sort of a server-paged admin list, and the list input they make (decision 0175). */
export function useAdminListInput<T>(columns: AdminColumn<T>[]) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const by: AdminSortBy = (sort && columns.find((c) => c.key === sort.key)?.serverSort) || 'key';
  const input = useMemo<Omit<NonNullable<TAdminListInput>, 'cursor'>>(
    () => ({ ...(debounced ? { q: debounced } : {}), ...(sort ? { sort: by, dir: sort.descending ? 'desc' : 'asc' } : {}) }),
    [debounced, sort, by],
  );
  return { search, setSearch, sort, setSort, input };
}

/** The options of a paged admin list's infinite query: the next cursor, the old rows kept while a new search loads. */
export const adminPagesOptions = {
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  placeholderData: keepPreviousData,
  // Pages of 200 rows: comparing old and new deeply costs more than re-rendering.
  structuralSharing: false,
} as const;

interface InfiniteAdminQuery<R> {
  data?: { pages: ReadonlyArray<{ rows: R[]; total: number | null }> } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The loaded rows and the AdminList paging props of an infinite query over a paged admin list. */
export function useAdminPages<R, T>(query: InfiniteAdminQuery<R>, state: ReturnType<typeof useAdminListInput<T>>): { rows: R[]; paging: AdminPaging } {
  const pages = query.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((p) => p.rows), [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    rows,
    paging: {
      search: state.search,
      onSearch: state.setSearch,
      sort: state.sort,
      onSort: state.setSort,
      total: pages?.[0]?.total ?? null,
      hasMore: hasNextPage,
      loadMore,
      isFetchingMore: isFetchingNextPage,
      isRefreshing: query.isPlaceholderData,
    },
  };
}
