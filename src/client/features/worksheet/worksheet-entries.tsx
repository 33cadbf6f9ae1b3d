import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { showsUserColumn } from '../../../shared/permissions';
import type { TWorksheetFormSettings, TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import type { TListTotals } from '../../../shared/paging';
import { sumByUnitOfMeasure } from '../../../shared/worksheet-rules';
import { confirm } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { toast } from '../../components/toast';
import { formatDate, formatNumber, intlLocale } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { LazyBoundary, lazyPart, useMountedOnce } from '../../lib/lazy';
import type { RecordPopup, RecordPopups as RecordPopupsType } from './record-popups';
import type { CopyDialog as CopyDialogType, CopyRequest } from './copy-dialog';
import { todayIso, useFormSettings, useMediaQuery } from './ws-data';
import { errorMessage } from '../../lib/errors';
import { approvableOf, type Selection } from './bulk-approve';
import { quantityText, unitWord } from './unit-words';
import { rememberPlace } from './return-place';
import { Words } from './words';
// The archive renders this component without the worksheet pages, so it brings its styles along.
import './worksheet.css';

// The recorded-time, history and photos popups open only on a click: their chunk comes then, or
// when the pointer is over (or focus on) one of a row's icons (decision 0185).
const Popups = lazyPart<ComponentProps<typeof RecordPopupsType>>(() => import('./record-popups').then((mod) => mod.RecordPopups));
const preloadPopups = { onPointerEnter: Popups.preload, onFocus: Popups.preload };
// "Copy to…" (issue 22 §5): its dialog comes on first use, or on intent over a copy button.
const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() => import('./copy-dialog').then((mod) => mod.CopyDialog));
const preloadCopy = { onPointerEnter: Copy.preload, onFocus: Copy.preload };

export interface WorksheetEntriesProps {
  /** Day groups as GET /api/worksheet answers them (newest day first). */
  groups: TWorksheetGroup[];
  /** The tab: approval is offered only outside YOURS; the user column for team leaders outside YOURS. */
  mode: Mode;
  /** Archive use: read-only — no approve toggle, no edit, no delete (spec §2). */
  archive?: boolean;
  /** Text when there are no entries (default: the worksheet's empty message). */
  emptyText?: string;
  /** Render every entry at once (printing). */
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
  /** Issue 23 §3: an entry that must be rendered (returning from its edit page). */
  focusId?: number;
}

/**
 * Entries rendered at first and added per step as the user scrolls: 50 fill any screen, and a
 * step stays a short task on a phone (Lighthouse TBT, issue 9; 150 took 0.6–0.9 s at 4× slowdown).
 */
export const RENDER_STEP = 50;


/** "8,00 Hour · 3,00 Box": quantity sums per unit of measure of these records. */
export function SumsText({ records }: { records: readonly TWorksheetRecord[] }) {
  return <UnitSums sums={sumByUnitOfMeasure(records)} />;
}

/**
 * Spec §2 worksheet table (≥ 1024 px) and cards (phone/tablet), grouped in day cards, newest day
 * first, with footer sums. Also used by the archive (`archive`), which hides approve/edit/delete.
 */
export function WorksheetEntries({ groups, mode, archive = false, emptyText, showAll = false, forceTable = false, paging, selection: rowSelection, onApproveDay, highlight, focusId }: WorksheetEntriesProps) {
  const settings = useFormSettings().data;
  // The review table has up to twelve columns; below 1280 px they don't fit with long values (the
  // layout test proves it at 1024), so cards serve phones, tablets and small laptops (issue 10 §1).
  const wide = useMediaQuery('(min-width: 1280px)');
  const [budget, setBudget] = useState(() => {
    // Back from an entry's edit page: render down to that entry, so the place can be restored.
    if (focusId === undefined) return RENDER_STEP;
    const at = groups.flatMap((g) => g.worksheet).findIndex((r) => r.id === focusId);
    return at < 0 ? RENDER_STEP : Math.ceil((at + 1) / RENDER_STEP) * RENDER_STEP;
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const [popup, setPopup] = useState<RecordPopup | null>(null);
  const [popupsMounted, unmountPopups] = useMountedOnce(popup !== null);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const [copyMounted, unmountCopy] = useMountedOnce(copy !== null);
  const total = groups.reduce((n, g) => n + g.worksheet.length, 0);
  const limit = showAll ? Infinity : budget;
  const hasMore = paging?.hasMore ?? false;
  const loadMore = paging?.loadMore;
  // The whole selection (server totals) when paged, else what is here.
  const selection = Math.max(paging?.total ?? total, total);

  // Adds the next step of entries when the end of the rendered list comes into view, and asks the
  // server for the next page when every loaded entry is rendered.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || showAll || (budget >= total && !hasMore)) return;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      if (budget < total) setBudget((b) => b + RENDER_STEP);
      else loadMore?.();
    }, { rootMargin: '800px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [budget, total, showAll, hasMore, loadMore]);

  if (total === 0) return <EmptyState title={emptyText ?? m.ws_empty()} />;

  const visible: Array<{ group: TWorksheetGroup; rows: TWorksheetRecord[] }> = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    const rows = group.worksheet.slice(0, left);
    left -= rows.length;
    visible.push({ group, rows });
  }
  const shown = Math.min(total, limit);
  const ctx: RowContext = {
    mode,
    archive,
    settings,
    showUser: settings ? showsUserColumn(settings.profileType, mode) : false,
    open: (kind, record) => setPopup({ kind, record }),
    copy: setCopy,
    selection: !archive && mode !== 'YOURS' ? rowSelection : undefined,
    order: visible.flatMap(({ rows }) => rows.filter((r) => r.canApprove).map((r) => r.id)),
    onApproveDay: !archive && mode !== 'YOURS' ? onApproveDay : undefined,
    highlight,
  };

  return (
    <div className="ws-days">
      {wide || forceTable ? (
        <EntriesTable days={visible} ctx={ctx} />
      ) : (
        visible.map(({ group, rows }) => (
          <section key={group.key} className="card ws-day" aria-labelledby={`day-${group.key}`}>
            <header className="ws-day__head">
              <h2 id={`day-${group.key}`} className="ws-day__title">
                {formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
              </h2>
              <span className="ws-day__count">{m.ws_day_count({ count: String(group.worksheet.length) })}</span>
              {ctx.onApproveDay && <ApproveDayButton group={group} ctx={ctx} />}
              {!archive && <CopyDayButton group={group} ctx={ctx} />}
            </header>
            <EntryCards rows={rows} group={group} ctx={ctx} />
          </section>
        ))
      )}
      {(shown < total || hasMore) && (
        <div ref={sentinel} className="ws-more">
          <p>{m.ws_showing({ shown: formatNumber(shown), total: formatNumber(selection) })}</p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={paging?.isFetchingMore}
            onClick={() => {
              setBudget((b) => b + RENDER_STEP * 4);
              if (budget + RENDER_STEP * 4 > total) loadMore?.();
            }}
          >
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
    </div>
  );
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
  selection: Selection | undefined;
  /** the selectable rows in display order (Shift-click ranges) */
  order: number[];
  onApproveDay: ((group: TWorksheetGroup) => void) | undefined;
  highlight: ReadonlySet<number> | undefined;
}

const rowClass = (base: string, r: TWorksheetRecord, ctx: RowContext) =>
  [base, r.approvedBy ? 'is-approved' : '', ctx.highlight?.has(r.id) ? 'is-highlighted' : '', ctx.selection?.has(r.id) ? 'is-selected' : ''].filter(Boolean).join(' ');

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
 * are never pushed out of view, because nothing in the table refuses to wrap.
 */
function EntriesTable({ days, ctx }: { days: Array<{ group: TWorksheetGroup; rows: TWorksheetRecord[] }>; ctx: RowContext }) {
  const cols = tableColumns(ctx);
  const count = 5 + [cols.user, cols.customer, cols.task, cols.location, cols.workType, cols.select].filter(Boolean).length + (cols.actions ? 2 : 0);
  const shown = days.flatMap(({ rows }) => rows.filter((r) => r.canApprove).map((r) => r.id));
  const allShown = shown.length > 0 && shown.every((id) => ctx.selection?.has(id));
  return (
    <div className="card ws-review">
      <table className="ws-table">
        <thead>
          <tr>
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
        {days.map(({ group, rows }) => (
          <tbody key={group.key} className="ws-day" aria-labelledby={`day-${group.key}`}>
            <tr className="ws-day-row">
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
            {rows.map((r) => (
              <tr key={r.id} className={rowClass('ws-row', r, ctx)} data-entry-id={r.id}>
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
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function EntryCards({ rows, group, ctx }: { rows: TWorksheetRecord[]; group: TWorksheetGroup; ctx: RowContext }) {
  const s = ctx.settings;
  return (
    <>
      <ul className="ws-cards">
        {rows.map((r) => {
          const meta: Array<[string, ReactNode]> = [];
          if (ctx.showUser) meta.push([m.ws_col_user(), r.username]);
          if ((s?.showCustomer ?? true) && r.customerNo) meta.push([m.ws_field_customer(), r.customerName ?? r.customerNo]);
          if ((s?.showJobTask ?? true) && r.jobTaskCode) meta.push([m.ws_field_task(), `${r.jobTaskCode} ${r.jobTaskDescription ?? ''}`.trim()]);
          if ((s?.showLocation ?? true) && r.locationCode) meta.push([m.ws_field_location(), r.locationCode]);
          if ((s?.showWorkType ?? true) && r.workTypeCode) meta.push([m.ws_field_work_type(), r.workTypeCode]);
          if (r.timeFrom && r.timeTo) meta.push([m.ws_recorded_time(), `${r.timeFrom}–${r.timeTo}`]);
          return (
            <li key={r.id} className={rowClass('ws-entry', r, ctx)} data-entry-id={r.id}>
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
        })}
      </ul>
      <p className="ws-cards__foot">
        <span>{dayTotalLabel(group.key)}</span>
        <span>
          <SumsText records={group.worksheet} />
        </span>
      </p>
    </>
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
  const utils = trpc.useUtils();
  const approve = trpc.worksheet.approve.useMutation();
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
  const toggle = async () => {
    const ok = await confirm({
      title: approved ? m.ws_unapprove_title() : m.ws_approve_title(),
      message: approved ? m.ws_unapprove_confirm({ description: record.description }) : m.ws_approve_confirm({ description: record.description }),
      confirmLabel: approved ? m.ws_unapprove() : m.ws_approve(),
    });
    if (!ok) return;
    try {
      await approve.mutateAsync({ id: record.id, isApproved: !approved });
      toast.success(m.ws_toast_approval());
      await utils.worksheet.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
    <span className="ws-print-only">{approved ? '✓' : ''}</span>
    <label className="ws-switch" title={approved ? m.ws_approved_by({ user: record.approvedBy ?? '' }) : undefined}>
      <input type="checkbox" role="switch" checked={approved} disabled={approve.isPending} onChange={() => void toggle()} aria-label={m.ws_approve_label({ description: record.description })} />
      <span className="ws-switch__track" aria-hidden="true" />
      <span className="ws-switch__text">{approved ? m.ws_approved() : m.ws_approve()}</span>
    </label>
    </>
  );
}

/** Edit and delete (delete after confirmation), when the caller may change the entry now. */
function RowActions({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const utils = trpc.useUtils();
  const del = trpc.worksheet.delete.useMutation();
  const copyButton = (
    <button type="button" className="icon-button" {...preloadCopy} onClick={() => ctx.copy({ ids: [record.id], fromDate: record.date })} aria-label={m.ws_copy_entry_label({ description: record.description })} title={m.ws_copy_action()}>
      {copyIcon}
    </button>
  );
  if (!record.canManage) return <span className="ws-row-actions">{copyButton}</span>;
  const onDelete = async () => {
    const ok = await confirm({ title: m.ws_delete_title(), message: m.ws_delete_confirm({ description: record.description }), confirmLabel: m.ws_delete(), danger: true });
    if (!ok) return;
    try {
      await del.mutateAsync({ id: record.id });
      toast.success(m.ws_toast_deleted());
      await Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <span className="ws-row-actions">
      {copyButton}
      <Link to="/worksheet/edit/$id" params={{ id: String(record.id) }} onClick={rememberPlace} className="icon-button" aria-label={m.ws_edit_label({ description: record.description })} title={m.ws_edit()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 20h4L19 9l-4-4L4 16z" />
          <path d="M13.5 6.5l4 4" />
        </svg>
      </Link>
      <button type="button" className="icon-button ws-danger" onClick={() => void onDelete()} disabled={del.isPending} aria-label={m.ws_delete_label({ description: record.description })} title={m.ws_delete()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" />
        </svg>
      </button>
    </span>
  );
}
