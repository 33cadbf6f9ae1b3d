import { useNavigate, type LinkProps } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { AdminSortBy } from '../../../../shared/admin-paging';
import { getLocale } from '../../../../shared/paraglide/runtime.js';
import { m } from '../../../../shared/paraglide/messages.js';
import { EmptyState } from '../../../components/empty-state';
import { formatNumber } from '../../../lib/format';
import { useWindowList } from '../../../lib/window-list';
import { TABLET_QUERY, useMediaQuery } from './use-media-query';
import './admin-common.css';

export interface AdminColumn<T> {
  /** Stable id of the column (React key, CSS class `col--<kind>`). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** code: bold, no wrap · badge/nowrap: no wrap · text (default): wraps. */
  kind?: 'code' | 'text' | 'badge' | 'nowrap';
  /** Left out of the phone card (e.g. the column that is the card's title). */
  hideInCard?: boolean;
  /**
   * Which columns give way when the table is narrow (container widths, not the viewport): 2 goes
   * below 600 px, 3 below 760 px. The key column, the status and the actions always stay.
   */
  priority?: 2 | 3;
  /** Makes the column sortable by this value (text is compared in the UI language, numbers numerically). */
  sortValue?: (row: T) => string | number | null;
  /**
   * In a server-paged list (props.paging) only these columns sort, on the server: by the list's key
   * or its text column (decision 0175); `sortValue` is then not used.
   */
  serverSort?: AdminSortBy;
}

/** A list paged on the server (decision 0175): search and sort happen there, the next page loads on scroll. */
export interface AdminPaging {
  search: string;
  onSearch(q: string): void;
  sort: SortState | null;
  onSort(sort: SortState | null): void;
  /** records matching the search in the whole list (null until known) */
  total: number | null;
  hasMore: boolean;
  loadMore(): void;
  isFetchingMore: boolean;
  /** a new search or sort is on its way (the previous rows stay shown meanwhile) */
  isRefreshing: boolean;
}

/** Where a click on a row goes (the record's edit route); keyboard users have the row's edit link. */
export interface RowLink {
  to: LinkProps['to'];
  search: Record<string, string>;
}

export interface AdminListProps<T> {
  rows: readonly T[];
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** Accessible name of the table / card list, e.g. "Items". */
  label: string;
  /** What the filter box searches, case-insensitively (substring). Without it there is no filter box. */
  filterText?: (row: T) => string;
  filterLabel?: string;
  filterPlaceholder?: string;
  /** Card title on phones; defaults to the first column's cell. */
  cardTitle?: (row: T) => ReactNode;
  /** Card badge on phones (top right), e.g. <ActiveBadge/>. */
  cardBadge?: (row: T) => ReactNode;
  /** The row's actions (edit link, delete button); a last column in the table, a footer in the card. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** A click anywhere on the row (outside its controls) opens this. */
  rowLink?: (row: T) => RowLink;
  /** Shown when there are no rows at all. */
  emptyTitle: string;
  emptyText?: ReactNode;
  emptyAction?: ReactNode;
  /** Server paging: `rows` are the pages loaded so far (see use-admin-pages.ts). */
  paging?: AdminPaging;
}

/** Rows up to this many are simply rendered; longer lists are virtualised (window scrolling). */
const VIRTUALISE_FROM = 150;

/**
 * The admin list of spec §2: a filter box, a table from tablet up and cards on phones, an empty
 * message. Long lists (an ERP-synced account holds 20 000 items) render only the rows in view.
 * Every row carries `data-row-key` for tests and benchmarks.
 */
export function AdminList<T>(props: AdminListProps<T>) {
  return props.paging ? <PagedAdminList {...props} paging={props.paging} /> : <LocalAdminList {...props} />;
}

/** The whole list is here: filtered and sorted in the browser. */
function LocalAdminList<T>(props: AdminListProps<T>) {
  const { rows, filterText } = props;
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const haystack = useMemo(() => (filterText ? rows.map((row) => filterText(row).toLowerCase()) : null), [rows, filterText]);
  const [sort, setSort] = useState<SortState | null>(null);
  const filtered = useMemo(() => {
    const needle = deferredFilter.trim().toLowerCase();
    if (!needle || !haystack) return rows;
    return rows.filter((_row, index) => haystack[index]!.includes(needle));
  }, [rows, haystack, deferredFilter]);
  const shown = useMemo(() => sortRows(filtered, props.columns, sort), [filtered, props.columns, sort]);

  if (rows.length === 0) {
    return <EmptyState title={props.emptyTitle} text={props.emptyText} action={props.emptyAction} />;
  }

  return (
    <>
      <div className="admin-toolbar">
        {filterText && <SearchBox label={props.filterLabel} placeholder={props.filterPlaceholder} value={filter} onChange={setFilter} />}
        <p className="admin-toolbar__count" aria-live="polite">
          {shown.length === rows.length
            ? m.admin_count_all({ count: formatNumber(rows.length) })
            : m.admin_count_filtered({ shown: formatNumber(shown.length), total: formatNumber(rows.length) })}
        </p>
      </div>
      {shown.length === 0 ? <EmptyState title={m.admin_filter_none()} /> : <ListBody {...props} rows={shown} sort={sort} onSort={setSort} />}
    </>
  );
}

/** The list as pages from the server: the search box asks the server, the next page loads near the end. */
function PagedAdminList<T>(props: AdminListProps<T> & { paging: AdminPaging }) {
  const { rows, paging } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore, isFetchingMore } = paging;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '800px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loadMore, rows.length]);

  if (rows.length === 0 && paging.search === '' && !paging.isRefreshing) {
    return <EmptyState title={props.emptyTitle} text={props.emptyText} action={props.emptyAction} />;
  }
  const total = paging.total ?? rows.length;
  const count =
    rows.length >= total && !hasMore
      ? paging.search === ''
        ? m.admin_count_all({ count: formatNumber(rows.length) })
        : m.admin_count_filtered({ shown: formatNumber(rows.length), total: formatNumber(rows.length) })
      : m.admin_count_loaded({ shown: formatNumber(rows.length), total: formatNumber(total) });
  return (
    <>
      <div className="admin-toolbar">
        <SearchBox label={props.filterLabel} placeholder={props.filterPlaceholder} value={paging.search} onChange={paging.onSearch} />
        <p className="admin-toolbar__count" aria-live="polite" aria-busy={paging.isRefreshing}>
          {count}
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyState title={paging.isRefreshing ? m.admin_list_loading() : m.admin_filter_none()} />
      ) : (
        <ListBody {...props} rows={rows} sort={paging.sort} onSort={paging.onSort} />
      )}
      <div ref={sentinel} className="admin-more" role="status">
        {isFetchingMore ? m.admin_list_loading_more() : hasMore ? m.admin_list_more({ shown: formatNumber(rows.length), total: formatNumber(total) }) : null}
      </div>
    </>
  );
}

function SearchBox({ label, placeholder, value, onChange }: { label: string | undefined; placeholder: string | undefined; value: string; onChange(value: string): void }) {
  return (
    <div className="field admin-search">
      <label className="visually-hidden" htmlFor="admin-filter">
        {label ?? m.admin_filter()}
      </label>
      <div className="field__control">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <input
          id="admin-filter"
          className="input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder ?? m.admin_filter_placeholder()}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

function ListBody<T>({
  rows,
  columns,
  rowKey,
  label,
  cardTitle,
  cardBadge,
  actions,
  actionsHeader,
  rowLink,
  sort,
  onSort,
  paging,
}: AdminListProps<T> & { sort: SortState | null; onSort(sort: SortState | null): void }) {
  const wide = useMediaQuery(TABLET_QUERY);
  const navigate = useNavigate();
  const openRow = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (!rowLink || (event.target as HTMLElement).closest('a, button, input, select, textarea, label')) return;
    const link = rowLink(row);
    void navigate({ to: link.to, search: link.search as never });
  };
  const containerRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtual = rows.length >= VIRTUALISE_FROM;

  useLayoutEffect(() => {
    const measure = () => {
      const el = containerRef.current;
      if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [wide]);

  const list = useWindowList({
    count: rows.length,
    estimate: () => (wide ? 49 : cardHeight(columns, !!actions)),
    overscan: 12,
    scrollMargin,
    enabled: virtual,
    getKey: (index) => rowKey(rows[index]!),
  });

  const items = virtual ? list.items : rows.map((_row, index) => ({ index, start: 0, end: 0 }));
  const paddingTop = virtual && items.length ? items[0]!.start : 0;
  const paddingBottom = virtual && items.length ? list.totalSize - items[items.length - 1]!.end : 0;
  const measure = virtual ? list.measure : undefined;
  const cardColumns = columns.filter((c, i) => !c.hideInCard && !(i === 0 && !cardTitle));

  if (wide) {
    return (
      <div className="admin-table-wrap" ref={containerRef}>
        <table className={rowLink ? 'admin-table admin-table--links' : 'admin-table'} aria-label={label} aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={columnClass(column)} aria-sort={sort?.key === column.key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                  {(paging ? column.serverSort : column.sortValue) ? (
                    <button type="button" className="admin-sort" title={m.admin_sort_by({ column: column.header })} onClick={() => onSort(nextSort(sort, column.key))}>
                      {column.header}
                      <SortIcon state={sort?.key === column.key ? (sort.descending ? 'desc' : 'asc') : 'none'} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions && (
                <th scope="col" className="col--actions">
                  <span className="visually-hidden">{actionsHeader ?? m.admin_actions()}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr className="admin-spacer" aria-hidden="true">
                <td colSpan={columns.length + (actions ? 1 : 0)} style={{ height: paddingTop }} />
              </tr>
            )}
            {items.map(({ index }) => {
              const row = rows[index]!;
              return (
                <tr key={rowKey(row)} data-row-key={rowKey(row)} data-index={index} ref={measure} aria-rowindex={index + 2} onClick={rowLink ? openRow(row) : undefined}>
                  {columns.map((column) => (
                    <td key={column.key} className={columnClass(column)}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {actions && <td className="col--actions">{actions(row)}</td>}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr className="admin-spacer" aria-hidden="true">
                <td colSpan={columns.length + (actions ? 1 : 0)} style={{ height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div ref={containerRef}>
      <ul className="admin-cards" aria-label={label} style={{ paddingTop, paddingBottom }}>
        {items.map(({ index }) => {
          const row = rows[index]!;
          return (
            <li key={rowKey(row)} data-row-key={rowKey(row)} data-index={index} ref={measure}>
              <article className="admin-card">
                <div className="admin-card__head">
                  <h2 className="admin-card__title">{cardTitle ? cardTitle(row) : columns[0]?.cell(row)}</h2>
                  {cardBadge?.(row)}
                </div>
                {cardColumns.length > 0 && (
                  <dl className="admin-card__fields">
                    {cardColumns.map((column) => (
                      <div key={column.key} style={{ display: 'contents' }}>
                        <dt>{column.header}</dt>
                        <dd>{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions && <div className="admin-card__actions">{actions(row)}</div>}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface SortState {
  key: string;
  descending: boolean;
}

/** Click cycle of a header: ascending → descending → the list's own order. */
function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, descending: false };
  return current.descending ? null : { key, descending: true };
}

function sortRows<T>(rows: readonly T[], columns: AdminColumn<T>[], sort: SortState | null): readonly T[] {
  const value = sort && columns.find((c) => c.key === sort.key)?.sortValue;
  if (!sort || !value) return rows;
  const collator = new Intl.Collator(getLocale(), { numeric: true, sensitivity: 'base' });
  const keyed = rows.map((row) => ({ row, v: value(row) }));
  keyed.sort((a, b) => {
    // Empty values last, whichever the direction.
    if (a.v === null || a.v === '') return b.v === null || b.v === '' ? 0 : 1;
    if (b.v === null || b.v === '') return -1;
    const order = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return sort.descending ? -order : order;
  });
  return keyed.map((k) => k.row);
}

function columnClass<T>(column: AdminColumn<T>): string {
  return `col--${column.kind ?? 'text'}${column.priority ? ` prio-${column.priority}` : ''}`;
}

function SortIcon({ state }: { state: 'asc' | 'desc' | 'none' }) {
  const d = state === 'asc' ? 'M7 14l5-5 5 5' : state === 'desc' ? 'M7 10l5 5 5-5' : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

/** A first guess of a card's height; measureElement corrects it once rendered. */
function cardHeight<T>(columns: AdminColumn<T>[], hasActions: boolean): number {
  return 60 + columns.filter((c) => !c.hideInCard).length * 24 + (hasActions ? 52 : 0);
}
