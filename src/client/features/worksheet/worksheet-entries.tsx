import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { showsUserColumn } from '../../../shared/permissions';
import type { TWorksheetFormSettings, TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import type { TListTotals } from '../../../shared/paging';
import { sumByUnitOfMeasure } from '../../../shared/unit-sums';
import { confirm } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { toast } from '../../components/toast';
import { formatDate, formatNumber, intlLocale } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { windowScrollY, windowSize } from '../../lib/window-metrics';
import { useWindowList } from '../../lib/window-list';
import { LazyBoundary, lazyPart, useMountedOnce } from '../../lib/lazy';
import type { RecordPopup, RecordPopups as RecordPopupsType } from './record-popups';
import type { CopyDialog as CopyDialogType, CopyRequest } from './copy-dialog';
import type { ReturnDialog as ReturnDialogType } from './return-dialog';
import { todayIso, useFormSettings, useMediaQuery } from './ws-data';
import { errorMessage } from '../../lib/errors';
import { approvableOf, type Selection } from './bulk-approve';
import { quantityText, unitWord } from './unit-words';
import { rememberPlace } from './return-place';
import { Words } from './words';
// The archive renders this component without the worksheet pages, so it brings its styles along.
import './worksheet.css';
import { invalidateCounts } from './invalidate-counts';
import { SelectAllShown } from './select-all-shown';

// The recorded-time, history and photos popups open only on a click: their chunk comes then, or
// when the pointer is over (or focus on) one of a row's icons (decision 0185).
const Popups = lazyPart<ComponentProps<typeof RecordPopupsType>>(() => import('./record-popups').then((mod) => mod.RecordPopups));
const preloadPopups = { onPointerEnter: Popups.preload, onFocus: Popups.preload };
// "Copy to…" (issue 22 §5): its dialog comes on first use, or on intent over a copy button.
const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() => import('./copy-dialog').then((mod) => mod.CopyDialog));
const preloadCopy = { onPointerEnter: Copy.preload, onFocus: Copy.preload };
// "Send back" (issue 40 §1): its dialog comes on first use, or on intent over the button.
const Return = lazyPart<ComponentProps<typeof ReturnDialogType>>(() => import('./return-dialog').then((mod) => mod.ReturnDialog));
const preloadReturn = { onPointerEnter: Return.preload, onFocus: Return.preload };

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

/** "8,00 Hour · 3,00 Box": quantity sums per unit of measure of these records. */
export function SumsText({ records }: { records: readonly TWorksheetRecord[] }) {
  return <UnitSums sums={sumByUnitOfMeasure(records)} />;
}

/**
 * The list is virtualised (issue 25 §4): only the rows in and near the viewport are in the DOM,
 * whatever the number of loaded entries, with the window as the scroller (as admin-list.tsx).
 * The table's items are a day's heading row and each entry's row; the cards come in slices of
 * CARD_SLICE entries of one day (the tablet grid of one to three columns fills whole rows in each
 * slice), the first slice with the day's heading, the last with its total. Printing renders all.
 * On a phone (one column) a slice is two cards: six there were ~1 500 px each, so the first render
 * held twelve cards (~540 elements) for the three in view (issue 25 §4).
 */
const CARD_SLICE = 6;
const PHONE_CARD_SLICE = 2;
/** The space below a day card (the .ws-days gap), counted in the height of the day's last slice. */
const DAY_GAP = 16;

type ListItem =
  | { kind: 'day'; key: string; group: TWorksheetGroup }
  | { kind: 'entry'; key: string; group: TWorksheetGroup; record: TWorksheetRecord }
  | { kind: 'slice'; key: string; group: TWorksheetGroup; records: TWorksheetRecord[]; first: boolean; last: boolean };

function tableItems(groups: readonly TWorksheetGroup[]): ListItem[] {
  const out: ListItem[] = [];
  for (const group of groups) {
    out.push({ kind: 'day', key: `d${group.key}`, group });
    for (const record of group.worksheet) out.push({ kind: 'entry', key: `e${record.id}`, group, record });
  }
  return out;
}

function cardItems(groups: readonly TWorksheetGroup[], size: number): ListItem[] {
  const out: ListItem[] = [];
  for (const group of groups) {
    const n = group.worksheet.length;
    for (let from = 0; from < n; from += size) {
      out.push({ kind: 'slice', key: `s${group.key}-${from}`, group, records: group.worksheet.slice(from, from + size), first: from === 0, last: from + size >= n });
    }
  }
  return out;
}

/** A first guess of an item's height (px); the rendered item is measured. */
function estimateHeight(item: ListItem | undefined): number {
  if (!item) return 50;
  if (item.kind === 'day') return 50;
  if (item.kind === 'entry') return 54;
  const { width } = windowSize();
  const columns = width < 640 ? 1 : Math.max(1, Math.min(3, Math.floor((width - 48) / 340)));
  return Math.ceil(item.records.length / columns) * 124 + (item.first ? 50 : 0) + (item.last ? 42 + DAY_GAP : 0);
}

/** Where the rendered items are: runs of consecutive items of one day, and the space between them. */
type Piece = { kind: 'gap'; key: string; height: number } | { kind: 'run'; key: string; group: TWorksheetGroup; list: Array<{ item: ListItem; index: number }> };

function piecesOf(items: readonly ListItem[], rendered: ReadonlyArray<{ index: number; start: number; end: number }>, totalSize: number | null): Piece[] {
  const out: Piece[] = [];
  const runsOfDay = new Map<string, number>();
  let prevEnd = 0;
  let current: Extract<Piece, { kind: 'run' }> | null = null;
  for (const r of rendered) {
    const item = items[r.index];
    if (!item) continue;
    const gap = totalSize === null ? 0 : r.start - prevEnd;
    if (gap > 0.5) {
      out.push({ kind: 'gap', key: `gap${out.length}`, height: gap });
      current = null;
    }
    if (!current || current.group.key !== item.group.key) {
      // Keyed by day (a second run of the same day is rare: a focused row kept far away), so
      // scrolling never remounts the rows of a day that stays in view.
      const seen = runsOfDay.get(item.group.key) ?? 0;
      runsOfDay.set(item.group.key, seen + 1);
      current = { kind: 'run', key: seen ? `${item.group.key}~${seen}` : item.group.key, group: item.group, list: [] };
      out.push(current);
    }
    current.list.push({ item, index: r.index });
    prevEnd = r.end;
  }
  if (totalSize !== null && totalSize - prevEnd > 0.5) out.push({ kind: 'gap', key: 'gap-end', height: totalSize - prevEnd });
  return out;
}

/**
 * Spec §2 worksheet table (≥ 1280 px) and cards (phone/tablet), grouped by day, newest day
 * first, with footer sums. Also used by the archive (`archive`), which hides approve/edit/delete.
 */
export function WorksheetEntries({ groups, mode, archive = false, emptyText, emptyAction, showAll = false, forceTable = false, paging, selection: rowSelection, onApproveDay, highlight, focusId }: WorksheetEntriesProps) {
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
        <LazyBoundary part={Popups}
          onFailed={() => {
            setPopup(null);
            unmountPopups();
          }}
        >
          <Popups.Component popup={popup} onClose={() => setPopup(null)} />
        </LazyBoundary>
      )}
      {copyMounted && (
        <LazyBoundary part={Copy}
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

/** What the table and the cards render: the pieces in view, the virtualiser's measuring ref. */
interface RenderedList {
  pieces: Piece[];
  measure: ((el: Element | null) => (() => void) | undefined) | undefined;
  /** items in the whole list (table: day rows and entry rows) */
  rowCount: number;
}

/**
 * The total card: quantity sums per unit of measure with their labels (spec §2). With a paged list
 * these are the server's totals of the whole selection, not only of the loaded pages.
 */
/** "Today's total" / "Dagens total" only on today; any other day's total is plain "Total" under its date (issue 22 §6). */
function dayTotalLabel(day: string): string {
  return day === todayIso() ? m.ws_day_total() : m.ws_total();
}

/** "1–30 Nov" / "1.–30. nov.": the period of the loaded days, oldest first. */
function periodText(from: string, to: string): string {
  const a = new Date(`${from}T00:00:00`);
  const b = new Date(`${to}T00:00:00`);
  const f = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', ...(a.getFullYear() !== b.getFullYear() ? { year: 'numeric' } : {}) });
  return from === to ? f.format(a) : f.formatRange(a, b);
}

export function WorksheetTotal({ groups, totals }: { groups: TWorksheetGroup[]; totals?: TListTotals | null }) {
  const all = groups.flatMap((g) => g.worksheet);
  const count = totals?.entries ?? all.length;
  if (count === 0) return null;
  const newest = groups[0]?.key;
  const oldest = groups.at(-1)?.key;
  const label = newest && oldest ? m.ws_total_period({ period: periodText(oldest, newest) }) : m.ws_total();
  return (
    <section className="card ws-total" aria-label={label}>
      <span className="ws-total__label">{label}</span>
      <span className="ws-total__value">{totals ? <UnitSums sums={totals.units} /> : <SumsText records={all} />}</span>
      <span className="ws-total__count">{m.ws_entries_count({ count: formatNumber(count) })}</span>
    </section>
  );
}

/** Sums per unit of measure, as the server's totals or as summed here. */
function UnitSums({ sums }: { sums: TListTotals['units'] }) {
  if (sums.length === 0) return <>–</>;
  return (
    <>
      {sums.map((s, i) => (
        <span key={s.code} className="ws-sum">
          {i > 0 && ' · '}
          <span className="ws-num">{quantityText(s.total)}</span> {unitWord(s.total, s.code, s.label)}
        </span>
      ))}
    </>
  );
}

interface RowContext {
  mode: Mode;
  archive: boolean;
  settings: TWorksheetFormSettings | undefined;
  showUser: boolean;
  open: (kind: 'time' | 'history' | 'photos', record: TWorksheetRecord) => void;
  copy: (request: CopyRequest) => void;
  /** "Send back" with a reason (issue 40 §1) */
  sendBack: (record: TWorksheetRecord) => void;
  selection: Selection | undefined;
  /** the selectable rows in display order (Shift-click ranges) */
  order: number[];
  onApproveDay: ((group: TWorksheetGroup) => void) | undefined;
  highlight: ReadonlySet<number> | undefined;
  /** entries with a delete or an approval under way (their controls are disabled) */
  pending: ReadonlySet<number>;
  remove: (record: TWorksheetRecord) => void;
  toggleApproval: (record: TWorksheetRecord) => void;
  /** the edit page, as a link does (and its intent preload) */
  edit: (record: TWorksheetRecord) => void;
  preloadEdit: (record: TWorksheetRecord) => void;
}

const rowClass = (base: string, r: TWorksheetRecord, ctx: RowContext) =>
  [base, r.approvedBy ? 'is-approved' : '', r.returnedBy ? 'is-returned' : '', ctx.highlight?.has(r.id) ? 'is-highlighted' : '', ctx.selection?.has(r.id) ? 'is-selected' : ''].filter(Boolean).join(' ');

/** A row's selection box: Space toggles it when focused, Shift+click selects the range from the last click. */
function SelectBox({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const sel = ctx.selection;
  if (!sel || !record.canApprove) return null;
  return (
    <input
      type="checkbox"
      className="ws-select"
      checked={sel.has(record.id)}
      onChange={() => undefined}
      onClick={(e) => sel.toggle(record.id, e.shiftKey, ctx.order)}
      onKeyDown={(e) => {
        // Space on a checkbox fires a click (handled above); Enter does nothing by default.
        if (e.key === 'Enter') {
          e.preventDefault();
          sel.toggle(record.id, e.shiftKey, ctx.order);
        }
      }}
      aria-label={m.ws_select_entry({ description: `${record.username} ${formatDate(record.date)} ${record.description}` })}
    />
  );
}

/** "Approve day": every entry of the day the caller may approve and that waits, after one confirmation. */
function ApproveDayButton({ group, ctx }: { group: TWorksheetGroup; ctx: RowContext }) {
  if (approvableOf(group).length === 0) return null;
  const day = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <button type="button" className="btn btn--ghost ws-day__approve" onClick={() => ctx.onApproveDay?.(group)}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      <span>{m.ws_approve_day()}</span>
      <span className="visually-hidden"> {m.ws_approve_day_label({ day })}</span>
    </button>
  );
}

const copyIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 00-2-2H6a2 2 0 00-2 2v8a2 2 0 002 2h2" />
  </svg>
);

/** "Copy to…" of a day: every entry of the day, loaded or not yet (decision 0210). */
function CopyDayButton({ group, ctx }: { group: TWorksheetGroup; ctx: RowContext }) {
  const day = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <button type="button" className="btn btn--ghost ws-day__copy" {...preloadCopy} onClick={() => ctx.copy({ ids: group.worksheet.map((r) => r.id), fromDate: group.key })}>
      {copyIcon}
      <span>{m.ws_copy_action()}</span>
      {/* The visible text first, so the accessible name starts with it (WCAG 2.5.3). */}
      <span className="visually-hidden"> {m.ws_copy_day_label({ day })}</span>
    </button>
  );
}

/** A code over its name; a long name is cut after two lines and shown whole on hover. */
function CodeName({ code, name }: { code: string | null; name?: string | null }) {
  if (!code) return <span className="ws-muted">–</span>;
  return (
    <span className="ws-codename" title={name ? `${code} · ${name}` : code}>
      <span className="ws-code">
        <Words text={code} token />
      </span>
      {name && (
        <span className="ws-name">
          <Words text={name} />
        </span>
      )}
    </span>
  );
}

/** The columns of the review table for the account's settings and the view. */
function tableColumns(ctx: RowContext) {
  const s = ctx.settings;
  return {
    user: ctx.showUser,
    customer: s?.showCustomer ?? true,
    task: s?.showJobTask ?? true,
    location: s?.showLocation ?? true,
    workType: s?.showWorkType ?? true,
    actions: !ctx.archive,
    select: ctx.selection !== undefined,
  };
}

/** "8,00 Hour": the quantity with its unit of measure's description (the code when it has none). */
function QuantityCell({ record }: { record: TWorksheetRecord }) {
  return (
    <>
      <span className="ws-num">{quantityText(record.quantity)}</span>{' '}
      <span className="ws-uom" title={record.unitOfMeasureCode}>
        <Words text={unitWord(record.quantity, record.unitOfMeasureCode, record.unitOfMeasureDescription)} />
      </span>
    </>
  );
}

/**
 * Desktop (issue 10 §1): the whole view is ONE table, so columns line up from day to day. Each day
 * is a <tbody> that opens with its heading row (date, count, day total). Long values wrap; the
 * controls (photos, recorded time, history, approve, edit, delete) sit in the last columns and
 * are never pushed out of view, because nothing in the table refuses to wrap. Virtualised: the
 * rows out of view are an empty spacer row, and every row says where it is (aria-rowindex).
 */
function EntriesTable({ list, ctx }: { list: RenderedList; ctx: RowContext }) {
  const cols = tableColumns(ctx);
  const count = 5 + [cols.user, cols.customer, cols.task, cols.location, cols.workType, cols.select].filter(Boolean).length + (cols.actions ? 2 : 0);
  // "Select all shown": every loaded entry the caller may approve, rendered or scrolled out of view.
  const shown = ctx.order;
  const allShown = shown.length > 0 && shown.every((id) => ctx.selection?.has(id));
  return (
    <div className="card ws-review">
      <table className="ws-table" aria-rowcount={list.rowCount + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {cols.select && (
              <th scope="col" className="ws-select-col">
                <input
                  type="checkbox"
                  className="ws-select"
                  checked={allShown}
                  disabled={shown.length === 0}
                  onChange={() => ctx.selection?.setMany(shown, !allShown)}
                  aria-label={m.ws_select_shown()}
                />
              </th>
            )}
            {cols.user && <th scope="col">{m.ws_col_user()}</th>}
            {cols.customer && <th scope="col">{m.ws_field_customer()}</th>}
            <th scope="col">{m.ws_field_job()}</th>
            {cols.task && <th scope="col">{m.ws_field_task()}</th>}
            {cols.location && (
              <th scope="col" className="ws-col-low">
                {m.ws_field_location()}
              </th>
            )}
            {cols.workType && (
              <th scope="col" className="ws-col-low">
                {m.ws_field_work_type()}
              </th>
            )}
            <th scope="col">{m.ws_field_unit()}</th>
            <th scope="col">{m.ws_field_description()}</th>
            <th scope="col" className="ws-right">
              {m.ws_field_quantity()}
            </th>
            <th scope="col" className="ws-icons-col">
              <span className="visually-hidden">
                {m.ws_attachments()}, {m.ws_recorded_title()}, {m.ws_hist_title()}
              </span>
            </th>
            {cols.actions && <th scope="col" className="ws-approve-col">{m.ws_col_approved()}</th>}
            {cols.actions && (
              <th scope="col" className="ws-actions-col">
                <span className="visually-hidden">{m.ws_col_actions()}</span>
              </th>
            )}
          </tr>
        </thead>
        {list.pieces.map((piece) =>
          piece.kind === 'gap' ? (
            <tbody key={piece.key} className="ws-gap" aria-hidden="true">
              <tr>
                <td colSpan={count} style={{ height: piece.height }} />
              </tr>
            </tbody>
          ) : (
            <tbody key={piece.key} className="ws-day" aria-labelledby={piece.list[0]?.item.kind === 'day' ? `day-${piece.group.key}` : undefined}>
              {piece.list.map(({ item, index }) =>
                item.kind === 'day' ? (
                  <DayRow key={item.key} group={item.group} index={index} count={count} ctx={ctx} measure={list.measure} />
                ) : item.kind === 'entry' ? (
                  <EntryRow key={item.key} record={item.record} itemKey={item.key} index={index} cols={cols} ctx={ctx} measure={list.measure} />
                ) : null,
              )}
            </tbody>
          ),
        )}
      </table>
    </div>
  );
}

function DayRow({ group, index, count, ctx, measure }: { group: TWorksheetGroup; index: number; count: number; ctx: RowContext; measure: RenderedList['measure'] }) {
  return (
    <tr className="ws-day-row" data-index={index} data-key={`d${group.key}`} ref={measure} aria-rowindex={index + 2}>
      <th scope="rowgroup" colSpan={count}>
        <div className="ws-day-row__inner">
          <h2 id={`day-${group.key}`} className="ws-day__title">
            {formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </h2>
          <span className="ws-day__count">{m.ws_day_count({ count: String(group.worksheet.length) })}</span>
          <span className="ws-day-row__sum">
            {dayTotalLabel(group.key)}: <SumsText records={group.worksheet} />
          </span>
          {ctx.onApproveDay && <ApproveDayButton group={group} ctx={ctx} />}
          {!ctx.archive && <CopyDayButton group={group} ctx={ctx} />}
        </div>
      </th>
    </tr>
  );
}

function EntryRow({ record: r, itemKey, index, cols, ctx, measure }: { record: TWorksheetRecord; itemKey: string; index: number; cols: ReturnType<typeof tableColumns>; ctx: RowContext; measure: RenderedList['measure'] }) {
  return (
    <tr className={rowClass('ws-row', r, ctx)} data-entry-id={r.id} data-index={index} data-key={itemKey} ref={measure} aria-rowindex={index + 2}>
      {cols.select && (
        <td className="ws-select-col">
          <SelectBox record={r} ctx={ctx} />
        </td>
      )}
      {cols.user && (
        <td className="ws-wrap">
          <Words text={r.username} token />
        </td>
      )}
      {cols.customer && (
        <td>
          <CodeName code={r.customerNo} name={r.customerName} />
        </td>
      )}
      <td>
        <CodeName code={r.jobCode} name={r.jobDescription} />
      </td>
      {cols.task && (
        <td>
          <CodeName code={r.jobTaskCode} name={r.jobTaskDescription} />
        </td>
      )}
      {cols.location && <td className="ws-wrap ws-col-low">{r.locationCode ? <Words text={r.locationCode} token /> : <span className="ws-muted">–</span>}</td>}
      {cols.workType && (
        <td className="ws-col-low">
          <CodeName code={r.workTypeCode} name={r.workTypeDescription} />
        </td>
      )}
      <td>
        <CodeName code={r.unitNo} name={r.unitDescription} />
      </td>
      <td className="ws-desc">
        <Words text={r.description} />
        {r.timeFrom && r.timeTo && (
          <span className="ws-times">
            {r.timeFrom}–{r.timeTo}
          </span>
        )}
        <ReturnedNote record={r} />
      </td>
      <td className="ws-right ws-qty">
        <QuantityCell record={r} />
      </td>
      <td className="ws-icons-col">
        <span className="ws-icons">
          <RowIcons record={r} ctx={ctx} />
        </span>
      </td>
      {cols.actions && (
        <td className="ws-approve-col">
          <ApproveControl record={r} ctx={ctx} />
        </td>
      )}
      {cols.actions && (
        <td className="ws-actions-col">
          <RowActions record={r} ctx={ctx} />
        </td>
      )}
    </tr>
  );
}

/**
 * Phones and tablets: a card per day, its entries as a list of cards. Virtualised by slices of a
 * day; a day card holds the slices in view (its heading in the first, its total in the last), and
 * each card says its place in the day (aria-posinset/aria-setsize).
 */
function EntryCards({ list, ctx }: { list: RenderedList; ctx: RowContext }) {
  return (
    <>
      {list.pieces.map((piece) => {
        if (piece.kind === 'gap') return <div key={piece.key} className="ws-gap" aria-hidden="true" style={{ height: piece.height }} />;
        const group = piece.group;
        const head = piece.list[0]?.item;
        const tail = piece.list.at(-1)?.item;
        const startsDay = head?.kind === 'slice' && head.first;
        const endsDay = tail?.kind === 'slice' && tail.last;
        const date = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
        return (
          <section
            key={piece.key}
            className={`card ws-day ws-day--slices${endsDay ? ' ws-day--end' : ''}`}
            aria-labelledby={startsDay ? `day-${group.key}` : undefined}
            aria-label={startsDay ? undefined : date}
          >
            {piece.list.map(({ item, index }) =>
              item.kind === 'slice' ? (
                <div key={item.key} className="ws-slice" data-index={index} data-key={item.key} data-day-gap={item.last ? '' : undefined} ref={list.measure}>
                  {item.first && (
                    <header className="ws-day__head">
                      <h2 id={`day-${group.key}`} className="ws-day__title">
                        {date}
                      </h2>
                      <span className="ws-day__count">{m.ws_day_count({ count: String(group.worksheet.length) })}</span>
                      {ctx.onApproveDay && <ApproveDayButton group={group} ctx={ctx} />}
                      {!ctx.archive && <CopyDayButton group={group} ctx={ctx} />}
                    </header>
                  )}
                  <ul className="ws-cards">
                    {item.records.map((r) => (
                      <EntryCard key={r.id} record={r} pos={group.worksheet.indexOf(r) + 1} size={group.worksheet.length} ctx={ctx} />
                    ))}
                  </ul>
                  {item.last && (
                    <p className="ws-cards__foot">
                      <span>{dayTotalLabel(group.key)}</span>
                      <span>
                        <SumsText records={group.worksheet} />
                      </span>
                    </p>
                  )}
                </div>
              ) : null,
            )}
          </section>
        );
      })}
    </>
  );
}

function EntryCard({ record: r, pos, size, ctx }: { record: TWorksheetRecord; pos: number; size: number; ctx: RowContext }) {
  const s = ctx.settings;
  const meta: Array<[string, ReactNode]> = [];
  if (ctx.showUser) meta.push([m.ws_col_user(), r.username]);
  if ((s?.showCustomer ?? true) && r.customerNo) meta.push([m.ws_field_customer(), r.customerName ?? r.customerNo]);
  if ((s?.showJobTask ?? true) && r.jobTaskCode) meta.push([m.ws_field_task(), `${r.jobTaskCode} ${r.jobTaskDescription ?? ''}`.trim()]);
  if ((s?.showLocation ?? true) && r.locationCode) meta.push([m.ws_field_location(), r.locationCode]);
  if ((s?.showWorkType ?? true) && r.workTypeCode) meta.push([m.ws_field_work_type(), r.workTypeCode]);
  if (r.timeFrom && r.timeTo) meta.push([m.ws_recorded_time(), `${r.timeFrom}–${r.timeTo}`]);
  return (
    <li className={rowClass('ws-entry', r, ctx)} data-entry-id={r.id} aria-posinset={pos} aria-setsize={size}>
      <div className="ws-entry__top">
        {ctx.selection && r.canApprove && (
          <span className="ws-entry__select">
            <SelectBox record={r} ctx={ctx} />
          </span>
        )}
        <div className="ws-entry__job">
          <span className="ws-code">
            <Words text={r.jobCode} token />
          </span>{' '}
          <span className="ws-name">
            <Words text={r.jobDescription} />
          </span>
        </div>
        <div className="ws-entry__qty">
          <QuantityCell record={r} />
        </div>
      </div>
      <p className="ws-entry__desc">
        <span className="ws-code">
          <Words text={r.unitNo} token />
        </span>{' '}
        {r.unitDescription && (
          <span className="ws-name">
            <Words text={r.unitDescription} />
          </span>
        )}{' '}
        — <Words text={r.description} />
      </p>
      <ReturnedNote record={r} />
      {meta.length > 0 && (
        <dl className="ws-entry__meta">
          {meta.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{typeof v === 'string' ? <Words text={v} /> : v}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="ws-entry__bar">
        <RowIcons record={r} ctx={ctx} />
        <span className="ws-form__spacer" />
        {!ctx.archive && <ApproveControl record={r} ctx={ctx} />}
        {!ctx.archive && <RowActions record={r} ctx={ctx} />}
      </div>
    </li>
  );
}

/** Issue 40 §1: "Returned by your team leader: <reason>" on an entry sent back and not yet fixed. */
function ReturnedNote({ record }: { record: TWorksheetRecord }) {
  if (record.returnedBy === null || record.returnReason === null) return null;
  return (
    <p className="ws-returned" title={m.ws_returned_by({ user: record.returnedBy })}>
      <Words text={m.ws_returned_note({ reason: record.returnReason })} />
    </p>
  );
}

/** Attachment icon, recorded-time popup, edit-history popup. */
function RowIcons({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const wrap = (node: ReactNode, key: string) => <span key={key}>{node}</span>;
  return (
    <>
      {wrap(
        record.attachments.length > 0 ? (
          <button type="button" className="icon-button ws-badge-button" onClick={() => ctx.open('photos', record)} {...preloadPopups} aria-label={m.ws_att_show({ count: String(record.attachments.length) })} title={m.ws_att_show({ count: String(record.attachments.length) })}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.7-5.7L5.8 11.4a6 6 0 008.5 8.5l6.2-6.2" />
            </svg>
            <span className="ws-badge">{record.attachments.length}</span>
          </button>
        ) : null,
        'att',
      )}
      {wrap(
        <button type="button" className="icon-button" onClick={() => ctx.open('time', record)} {...preloadPopups} aria-label={m.ws_recorded_title()} title={m.ws_recorded_title()}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="8.5" />
            <path d="M12 7.5V12l3 2" />
          </svg>
        </button>,
        'time',
      )}
      {wrap(
        record.canViewHistory ? (
          <button type="button" className="icon-button" onClick={() => ctx.open('history', record)} {...preloadPopups} aria-label={m.ws_hist_title()} title={m.ws_hist_title()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 12a8 8 0 102.4-5.7M4 4v4h4" />
              <path d="M12 8v4.5l3 1.5" />
            </svg>
          </button>
        ) : null,
        'hist',
      )}
    </>
  );
}

/** Approve toggle with confirmation (outside YOURS, when allowed); otherwise the approval state. */
function ApproveControl({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const approved = record.approvedBy !== null;
  if (ctx.mode === 'YOURS' || !record.canApprove) {
    return approved ? (
      <span className="ws-status ws-status--approved" title={m.ws_approved_by({ user: record.approvedBy ?? '' })}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        {m.ws_approved()}
      </span>
    ) : null;
  }
  return (
    <>
    <span className="ws-print-only">{approved ? '✓' : ''}</span>
    <label className="ws-switch" title={approved ? m.ws_approved_by({ user: record.approvedBy ?? '' }) : undefined}>
      <input type="checkbox" role="switch" checked={approved} disabled={ctx.pending.has(record.id)} onChange={() => ctx.toggleApproval(record)} aria-label={m.ws_approve_label({ description: record.description })} />
      <span className="ws-switch__track" aria-hidden="true" />
      <span className="ws-switch__text">{approved ? m.ws_approved() : m.ws_approve()}</span>
    </label>
    </>
  );
}

/** Edit and delete (delete after confirmation), when the caller may change the entry now. */
function RowActions({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const copyButton = (
    <button type="button" className="icon-button" {...preloadCopy} onClick={() => ctx.copy({ ids: [record.id], fromDate: record.date })} aria-label={m.ws_copy_entry_label({ description: record.description })} title={m.ws_copy_action()}>
      {copyIcon}
    </button>
  );
  // Send back (issue 40 §1): outside one's own tab, for the entries one may approve.
  const returnButton =
    !ctx.archive && ctx.mode !== 'YOURS' && record.canApprove ? (
      <button type="button" className="icon-button" {...preloadReturn} onClick={() => ctx.sendBack(record)} aria-label={m.ws_return_label({ description: record.description })} title={m.ws_return_action()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 14L4 9l5-5" />
          <path d="M4 9h10.5a5.5 5.5 0 010 11H11" />
        </svg>
      </button>
    ) : null;
  if (!record.canManage)
    return (
      <span className="ws-row-actions">
        {returnButton}
        {copyButton}
      </span>
    );
  const intent = () => ctx.preloadEdit(record);
  return (
    <span className="ws-row-actions">
      {returnButton}
      {copyButton}
      {/* A plain link: the router's <Link> per row was most of a row's cost (decision 0288). */}
      <a
        href={editHref(record)}
        onClick={(e) => {
          if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          ctx.edit(record);
        }}
        onMouseEnter={intent}
        onFocus={intent}
        onTouchStart={intent}
        className="icon-button"
        aria-label={m.ws_edit_label({ description: record.description })}
        title={m.ws_edit()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 20h4L19 9l-4-4L4 16z" />
          <path d="M13.5 6.5l4 4" />
        </svg>
      </a>
      <button type="button" className="icon-button ws-danger" onClick={() => ctx.remove(record)} disabled={ctx.pending.has(record.id)} aria-label={m.ws_delete_label({ description: record.description })} title={m.ws_delete()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" />
        </svg>
      </button>
    </span>
  );
}

const editHref = (record: TWorksheetRecord) => `/worksheet/edit/${record.id}`;

/** The rows' delete, approval and edit link, once per list (RowContext). */
function useRowActions(): Pick<RowContext, 'pending' | 'remove' | 'toggleApproval' | 'edit' | 'preloadEdit'> {
  const router = useRouter();
  const utils = trpc.useUtils();
  const del = trpc.worksheet.delete.useMutation();
  const approve = trpc.worksheet.approve.useMutation();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const mark = (id: number, on: boolean) =>
    setPending((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remove = async (record: TWorksheetRecord) => {
    const ok = await confirm({ title: m.ws_delete_title(), message: m.ws_delete_confirm({ description: record.description }), confirmLabel: m.ws_delete(), danger: true });
    if (!ok) return;
    mark(record.id, true);
    try {
      await del.mutateAsync({ id: record.id });
      toast.success(m.ws_toast_deleted());
      await invalidateCounts(utils);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      mark(record.id, false);
    }
  };
  const toggleApproval = async (record: TWorksheetRecord) => {
    const approved = record.approvedBy !== null;
    const ok = await confirm({
      title: approved ? m.ws_unapprove_title() : m.ws_approve_title(),
      message: approved ? m.ws_unapprove_confirm({ description: record.description }) : m.ws_approve_confirm({ description: record.description }),
      confirmLabel: approved ? m.ws_unapprove() : m.ws_approve(),
    });
    if (!ok) return;
    mark(record.id, true);
    try {
      await approve.mutateAsync({ id: record.id, isApproved: !approved });
      toast.success(m.ws_toast_approval());
      await invalidateCounts(utils);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      mark(record.id, false);
    }
  };
  const target = (record: TWorksheetRecord) => ({ to: '/worksheet/edit/$id', params: { id: String(record.id) } }) as const;
  return {
    pending,
    remove: (record) => void remove(record),
    toggleApproval: (record) => void toggleApproval(record),
    edit: (record) => {
      rememberPlace();
      void router.navigate(target(record));
    },
    preloadEdit: (record) => void router.preloadRoute(target(record)).catch(() => undefined),
  };
}
