import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWeekRow, TWorksheetWeek } from '../../../shared/schemas/worksheet-week';
import { weekNumber } from '../../../shared/week';
import { formatDate, formatDateRange, formatNumber } from '../../lib/format';
import { stringifySearch } from '../../lib/search';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';

/* The week view’s pieces: its day words, row keys, sums and cells (split from week-view.tsx, issue 39 §1). */
/** One formatter per render of the week, not one per cell (decision 0256). */
export const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
export const num = (n: number) => formatNumber(n, TWO_DECIMALS);
export const rowName = (r: TWeekRow) => [r.jobCode, r.jobTaskCode, r.unitNo, r.workTypeCode].filter(Boolean).join(' · ');

/** "23–29 Nov" / "23.–29. nov." in the user's locale. */
export function rangeText(from: string, to: string): string {
  return formatDateRange(from, to, SHORT);
}

export const MEDIUM = { dateStyle: 'medium' } as const;
export const DOW = { weekday: 'short' } as const;
export const DAY_MONTH = { day: 'numeric', month: 'numeric' } as const;
export const DOM = { day: 'numeric' } as const;
export const SHORT = { day: 'numeric', month: 'short' } as const;
// The week's words are written without Intl formatters (lib/plain-dates.ts, issue 43 §1).

/** A day's words, formatted once per week shown (not once per cell). */
export interface Day {
  date: string;
  /** "24 Nov 2026": in the cells' accessible names */
  label: string;
  dow: string;
  /** "24/11" (table head) */
  dayMonth: string;
  /** "24" (phone strip) */
  dom: string;
  today: boolean;
}

export function dayWords(dates: readonly string[], today: string): Day[] {
  return dates.map((date) => ({
    date,
    label: formatDate(date, MEDIUM),
    dow: formatDate(date, DOW),
    dayMonth: formatDate(date, DAY_MONTH),
    dom: formatDate(date, DOM),
    today: date === today,
  }));
}

export const rowKey = (r: Pick<TWeekRow, 'jobCode' | 'jobTaskCode' | 'unitType' | 'unitNo' | 'workTypeCode' | 'unitOfMeasureCode'>) =>
  `${r.jobCode}|${r.jobTaskCode}|${r.unitType}|${r.unitNo}|${r.workTypeCode}|${r.unitOfMeasureCode}`;
/** The week row an entry is summed in. */
export const recordRowKey = (r: TWorksheetRecord) => rowKey(r);

export function Sums({ sums }: { sums: Array<{ code: string; label: string; value: number }> }) {
  const shown = sums.filter((s) => s.value !== 0);
  if (shown.length === 0) return <span className="ws-muted">–</span>;
  return (
    <>
      {shown.map((s) => (
        <span key={s.code} className="wk-sum">
          <span className="ws-num">{num(s.value)}</span> <span className="wk-uom">{s.label}</span>
        </span>
      ))}
    </>
  );
}

export function WeekTotal({ data }: { data: TWorksheetWeek }) {
  const label = m.ws_week_total({ week: String(weekNumber(data.week)) });
  return (
    <p className="card ws-total wk-total" aria-label={label}>
      <span className="ws-total__label">{label}</span>
      <span className="ws-total__value">
        <Sums
          sums={data.totals.map((t) => ({
            code: t.code,
            label: t.label,
            value: t.total,
          }))}
        />
      </span>
    </p>
  );
}

/**
 * A cell: with entries it opens that day's list; empty it opens the form for that day, job and
 * unit. A plain link (the href the router would build, search as lib/search writes it): a router
 * <Link> per cell built and matched a location for each of ~90 cells on the first render
 * (decision 0256). A click is routed by the week's one handler (useCellLinks). A function, not a
 * component, and one element with its text: the ~90 cells are the most of the week's first
 * render (decision 0274).
 */
export function cell(row: TWeekRow, i: number, day: Day, name: string) {
  if (row.entries[i]! > 0) {
    return (
      <a href={`/#day-${day.date}`} className="wk-cell is-filled ws-num" aria-label={m.ws_week_open({ date: day.label, row: name })}>
        {num(row.days[i]!)}
      </a>
    );
  }
  const rest = rowSearch(row);
  return (
    <a href={`/worksheet/add?date=${day.date}${rest && `&${rest.slice(1)}`}`} className="wk-cell is-empty" aria-label={m.ws_week_add({ date: day.label, row: name })}>
      +
    </a>
  );
}

/**
 * The entry form's search of a row's empty cells after the date (the same for all of them):
 * written once per row, not once per cell. The date (YYYY-MM-DD) needs no escaping, so the href
 * is the one stringifySearch writes for the whole search.
 */
export const rowSearches = new WeakMap<TWeekRow, string>();
export function rowSearch(row: TWeekRow): string {
  let search = rowSearches.get(row);
  if (search === undefined) {
    search = stringifySearch({
      customerNo: row.customerNo,
      jobCode: row.jobCode,
      jobTaskCode: row.jobTaskCode,
      unitType: row.unitType,
      unitNo: row.unitNo,
      workTypeCode: row.workTypeCode,
    });
    rowSearches.set(row, search);
  }
  return search;
}

/** The cells' links, routed in the app (as a router <Link> would), not by a page load. */
export function useCellLinks() {
  const navigate = useNavigate();
  const router = useRouter();
  const [preloaded, setPreloaded] = useState(false);
  const cellOf = (target: EventTarget) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a.wk-cell') : null);
  return {
    onClick: (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = cellOf(e.target);
      const href = a?.getAttribute('href');
      if (!href) return;
      e.preventDefault();
      void navigate({ href });
    },
    // Intent (pointer over an empty cell, focus on it) fetches the entry form's route, as <Link> did.
    onIntent: (e: { target: EventTarget }) => {
      if (preloaded || !cellOf(e.target)?.classList.contains('is-empty')) return;
      setPreloaded(true);
      void router.preloadRoute({ to: '/worksheet/add' }).catch(() => undefined);
    },
  };
}

export function rowHead(row: TWeekRow) {
  return (
    <span className="wk-rowhead">
      <span className="wk-rowhead__job">
        {row.jobCode}
        {row.jobTaskCode && ` · ${row.jobTaskCode}`}
      </span>
      <span className="wk-rowhead__unit">
        {row.unitNo} {row.unitDescription}
        {row.workTypeCode && ` · ${row.workTypeCode}`} ({row.unitOfMeasureCode})
      </span>
    </span>
  );
}

export const todayClass = (d: Day) => (d.today ? 'is-today' : undefined);
