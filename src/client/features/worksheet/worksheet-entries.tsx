import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { showsUserColumn } from '../../../shared/permissions';
import type { TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { EmptyState } from '../../components/empty-state';
import { formatNumber } from '../../lib/format';
import { windowScrollY } from '../../lib/window-metrics';
import { useWindowList } from '../../lib/window-list';
import { LazyBoundary, useMountedOnce } from '../../lib/lazy';
import type { RecordPopup } from './record-popups';
import type { CopyRequest } from './copy-dialog';
import { useFormSettings, useMediaQuery } from './ws-data';
import type { Selection } from './bulk-approve';
import { SelectAllShown } from './select-all-shown';
import { Popups, Copy, Return } from './entries-lazy';
import { CARD_SLICE, PHONE_CARD_SLICE, DAY_GAP, tableItems, cardItems, estimateHeight, piecesOf } from './entries-window';
import { RowContext, useRowActions } from './row-context';
import { EntriesTable } from './entries-table';
import { EntryCards } from './entries-cards';
// The archive renders this component without the worksheet pages, so it brings its styles along.
import './worksheet.css';

export interface WorksheetEntriesProps {
  /** Day groups as GET /api/worksheet answers them (newest day first). */
  groups: TWorksheetGroup[];
  /** The tab: approval is offered only outside YOURS; the user column for team leaders outside YOURS. */
  mode: Mode;
  /** Archive use: read-only — no approve toggle, no edit, no delete (spec §2). */
  archive?: boolean;
  /** Text when there are no entries (default: the worksheet's empty message). */
  emptyText?: string;
  /** A link under the empty message (issue 38 §5: where an admin's entries are). */
  emptyAction?: ReactNode;
  /** Render every entry at once, not only those in view (printing). */
  showAll?: boolean;
  /** Force the table layout whatever the width (printing). */
  forceTable?: boolean;
  /** The list is paged on the server (issue 9): more pages, and the size of the whole selection. */
  paging?: { hasMore: boolean; loadMore: () => void; isFetchingMore: boolean; total: number };
  /** Issue 23 §2: row selection (Team and All tabs, for entries the caller may approve). */
  selection?: Selection;
  /** Issue 23 §2: "Approve day" on a day's heading. */
  onApproveDay?: (group: TWorksheetGroup) => void;
  /** Issue 23 §3: rows highlighted for a moment (just edited or approved). */
  highlight?: ReadonlySet<number>;
  /** Issue 23 §3: an entry brought into view (returning from its edit page). */
  focusId?: number;
}

/**
 * Spec §2 worksheet table (≥ 1280 px) and cards (phone/tablet), grouped by day, newest day
 * first, with footer sums. Also used by the archive (`archive`), which hides approve/edit/delete.
 */
export function WorksheetEntries({
  groups,
  mode,
  archive = false,
  emptyText,
  emptyAction,
  showAll = false,
  forceTable = false,
  paging,
  selection: rowSelection,
  onApproveDay,
  highlight,
  focusId,
}: WorksheetEntriesProps) {
  const settings = useFormSettings().data;
  // The review table has up to twelve columns; below 1280 px they don't fit with long values (the
  // layout test proves it at 1024), so cards serve phones, tablets and small laptops (issue 10 §1).
  const wide = useMediaQuery('(min-width: 1280px)');
  const table = wide || forceTable;
  const [popup, setPopup] = useState<RecordPopup | null>(null);
  const [popupsMounted, unmountPopups] = useMountedOnce(popup !== null);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const [copyMounted, unmountCopy] = useMountedOnce(copy !== null);
  const [returning, setReturning] = useState<TWorksheetRecord | null>(null);
  const total = groups.reduce((n, g) => n + g.worksheet.length, 0);
  const hasMore = paging?.hasMore ?? false;
  const loadMore = paging?.loadMore;
  // The whole selection (server totals) when paged, else what is here.
  const selection = Math.max(paging?.total ?? total, total);
  const virtual = !showAll;

  const phone = !useMediaQuery('(min-width: 640px)');
  const items = useMemo(() => (table ? tableItems(groups) : cardItems(groups, phone ? PHONE_CARD_SLICE : CARD_SLICE)), [groups, table, phone]);
  const keyIndex = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);
  const selectable = useMemo(() => groups.flatMap((g) => g.worksheet.filter((r) => r.canApprove).map((r) => r.id)), [groups]);

  // The list's offset in the page: what is above it (the form, the glance, filters, the outbox) changes height as it loads.
  const containerRef = useRef<HTMLDivElement>(null);
  const empty = total === 0;
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => {
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((old) => (old === top ? old : top));
    };
    // At the top of the page the observer's first report (after the browser's own layout) is soon
    // enough: an offset of 0 meanwhile renders more of the list, never less. Measured at once only
    // further down (a restored scroll position), where it decides what is in view: a read here
    // forces a layout of the whole page inside React's commit (~160 ms at 4× CPU slowdown on a
    // phone's first render, issue 25 §4). Whether the page is scrolled is known from its last scroll
    // event: reading window.scrollY here would itself force that layout (decision 0291).
    if (windowScrollY() > 0) measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [table, empty]);

  // A focused row is never unmounted under the user: the range always holds the item with focus.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const focusIndex = focusKey === null ? undefined : keyIndex.get(focusKey);

  // Issue 25 §4: the first render holds what is in view and one step beyond it; the full overscan
  // follows in the background (a transition, time-sliced), so a phone's first paint of the list
  // does not wait for ~2 000 DOM elements that are out of view, nor does one task commit them all.
  const [fullOverscan, setFullOverscan] = useState(false);
  useEffect(() => {
    if (virtual && !fullOverscan && items.length > 0) startTransition(() => setFullOverscan(true));
  }, [virtual, fullOverscan, items.length]);

  const list = useWindowList({
    count: items.length,
    estimate: (index) => estimateHeight(items[index]),
    // Beyond the viewport: 40 table rows and six slices each way (36 cards; 12 on a phone, where
    // each card is ~45 elements and a screen holds three), so that a find in the page, or a test
    // looking a row up by its text, reaches the entries near the top as before (issue 9).
    overscan: fullOverscan ? (table ? 40 : 6) : 1,
    scrollMargin,
    enabled: virtual,
    getKey: (index) => items[index]?.key ?? index,
    keep: focusIndex,
    // A day's last slice holds the space below the day's card.
    extra: (el) => (el.hasAttribute('data-day-gap') ? DAY_GAP : 0),
  });
  const rendered = virtual ? list.items : items.map((_item, index) => ({ index, start: 0, end: 0 }));
  const pieces = piecesOf(items, rendered, virtual ? list.totalSize : null);
  const measure = virtual ? list.measure : undefined;

  // The next page from the server when the end of what is loaded comes near.
  const lastIndex = rendered.at(-1)?.index ?? -1;
  // Never with nothing shown yet: an empty list is not near the end of anything (it fetched page
  // after page while the first one waited to be shown).
  const nearEnd = virtual && items.length > 0 && lastIndex >= items.length - (table ? 40 : 6);
  useEffect(() => {
    if (nearEnd && hasMore) loadMore?.();
  }, [nearEnd, hasMore, loadMore, items.length]);

  // Back from an entry's edit page (issue 23 §3): the page restores the scroll offset; if the entry
  // is not in view then (the list above it changed, or it was not rendered), it is brought there.
  useEffect(() => {
    if (focusId === undefined || !virtual) return;
    const at = items.findIndex((it) => (it.kind === 'entry' ? it.record.id === focusId : it.kind === 'slice' && it.records.some((r) => r.id === focusId)));
    if (at < 0) return;
    const inView = () => {
      const r = document.querySelector(`[data-entry-id="${focusId}"]`)?.getBoundingClientRect();
      return r !== undefined && r.top >= 0 && r.bottom <= window.innerHeight;
    };
    const frames = (n: number, then: () => void) => (n === 0 ? then() : void requestAnimationFrame(() => frames(n - 1, then)));
    // Two frames: after the page's own restore of the offset (a parent effect, run after this one).
    frames(2, () => {
      if (inView()) return;
      list.scrollToIndex(at);
      frames(3, () => {
        if (!inView()) document.querySelector(`[data-entry-id="${focusId}"]`)?.scrollIntoView({ block: 'center' });
      });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from the edit page
  }, [focusId]);

  // One delete and one approval for the whole list, not a mutation (and a router link) per row:
  // the rows mount and unmount with every scroll and with the Week tab's click (issue 22 budget;
  // 3 449 fibers deleted in that click, decision 0288).
  const actions = useRowActions();

  if (total === 0) return <EmptyState title={emptyText ?? m.ws_empty()} action={emptyAction} />;

  const ctx: RowContext = {
    ...actions,
    mode,
    archive,
    settings,
    showUser: settings ? showsUserColumn(settings.profileType, mode) : false,
    open: (kind, record) => setPopup({ kind, record }),
    copy: setCopy,
    sendBack: setReturning,
    selection: !archive && mode !== 'YOURS' ? rowSelection : undefined,
    order: selectable,
    onApproveDay: !archive && mode !== 'YOURS' ? onApproveDay : undefined,
    highlight,
  };
  const shown = { pieces, measure, rowCount: items.length };

  return (
    <div className="ws-days">
      {!table && ctx.selection && selectable.length > 0 && <SelectAllShown selection={ctx.selection} shown={selectable} />}
      <div
        ref={containerRef}
        className="ws-virtual"
        onFocus={(e) => {
          setFocusKey((e.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? null);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusKey(null);
        }}
      >
        {table ? <EntriesTable list={shown} ctx={ctx} /> : <EntryCards list={shown} ctx={ctx} />}
      </div>
      {hasMore && (
        <div className="ws-more">
          <p>{m.ws_showing({ shown: formatNumber(total), total: formatNumber(selection) })}</p>
          <button type="button" className="btn btn--secondary" disabled={paging?.isFetchingMore} onClick={() => loadMore?.()}>
            {m.ws_show_more()}
          </button>
        </div>
      )}
      {/* Printing prints what is loaded, and says so when that is not the whole selection. */}
      {total < selection && <p className="ws-print-only ws-print-note">{m.ws_print_partial({ shown: formatNumber(total), total: formatNumber(selection) })}</p>}
      {popupsMounted && (
        <LazyBoundary
          part={Popups}
          onFailed={() => {
            setPopup(null);
            unmountPopups();
          }}
        >
          <Popups.Component popup={popup} onClose={() => setPopup(null)} />
        </LazyBoundary>
      )}
      {copyMounted && (
        <LazyBoundary
          part={Copy}
          onFailed={() => {
            setCopy(null);
            unmountCopy();
          }}
        >
          <Copy.Component request={copy} onClose={() => setCopy(null)} />
        </LazyBoundary>
      )}
      {returning && (
        <LazyBoundary part={Return} onFailed={() => setReturning(null)}>
          <Return.Component records={[returning]} onClose={() => setReturning(null)} />
        </LazyBoundary>
      )}
    </div>
  );
}
