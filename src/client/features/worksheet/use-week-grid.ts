import { useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { m } from '../../../shared/paraglide/messages.js';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import type { TWorksheetFormSettings } from '../../../shared/schemas/worksheet';
import type { TWeekRow, TWorksheetWeek } from '../../../shared/schemas/worksheet-week';
import { isTimeMode, prefillDescription } from '../../../shared/worksheet-rules';
import { errorMessage, loadErrorMessages, serverFieldErrors, translateText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { invalidateCounts } from './invalidate-counts';
import { loadOutbox } from './offline/outbox-state';
import { rowKey } from './week-parts';
import { cellText, dayOverLimit, isHourUnit, planCell, readCell, timesFor, type CellNow, type CellPlan } from './week-grid-logic';
import type { WorksheetFieldsOut } from './ws-api';

/*
 * Issue 40 §4: the week grid's one piece of state and its handlers (decision 0420). The cell being
 * edited is a plain uncontrolled input, the others focusable text fields that become it on focus
 * (week-grid-cell.tsx, decision 0496), with no hook of their own: the grid handles their keys,
 * focus and blur once, delegated from the table, and keeps which cell is edited and per cell only
 * what differs — a refusal (its text and the typed value), a save under way, an entry waiting in
 * the outbox.
 */

export interface CellFlag {
  /** the refusal, in the user's language */
  error?: string;
  /** the text the refusal was for (kept in the cell) */
  typed?: string;
  busy?: boolean;
  /** created offline: waits in the outbox */
  queued?: boolean;
}

export interface Grid {
  flags: ReadonlyMap<string, CellFlag>;
  /** The cell (cellKey) whose input is mounted: the one focused, or last focused (decision 0496). */
  editing: string | null;
  /** The row's cell on `dayIndex` takes typing (one entry the caller may change, or an empty day of their own week). */
  editable: (row: TWeekRow, dayIndex: number) => boolean;
  locale: string;
  onKeyDown: (e: KeyboardEvent) => void;
  onBlur: (e: FocusEvent) => void;
  onFocus: (e: FocusEvent) => void;
}

export const cellKey = (row: Pick<TWeekRow, 'jobCode' | 'jobTaskCode' | 'unitType' | 'unitNo' | 'workTypeCode' | 'unitOfMeasureCode'>, dayIndex: number) =>
  `${rowKey(row)}#${dayIndex}`;
/** The id of a cell's message (aria-describedby). */
export const cellErrorId = (key: string) => `wk-err-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const isGridInput = (t: EventTarget | null): t is HTMLInputElement => t instanceof HTMLInputElement && t.classList.contains('wk-in');
/** A cell shown as text, not being edited: it becomes the input when it takes the focus. */
const isGridText = (t: EventTarget | null): t is HTMLElement => t instanceof HTMLElement && !(t instanceof HTMLInputElement) && t.classList.contains('wk-in');

type Entry = NonNullable<TWeekRow['cells'][number]>;

/** The record's fields for the typed quantity: a new entry's from the row (the form's prefill rules), an edited one's from the entry. */
function fieldsOf(
  row: TWeekRow,
  date: string,
  quantity: number,
  settings: TWorksheetFormSettings,
  entry: Entry | null,
  times: { timeFrom: string; timeTo: string } | null,
): WorksheetFieldsOut {
  const description = entry
    ? entry.description
    : prefillDescription({ edited: false, current: '', defaultDescription: settings.defaultDescription, unitDescription: row.unitDescription }) ||
      row.jobTaskDescription ||
      row.jobDescription ||
      row.jobCode;
  return {
    date,
    customerNo: entry ? (entry.customerNo ?? '') : settings.showCustomer ? (row.customerNo ?? '') : '',
    jobCode: row.jobCode,
    jobTaskCode: row.jobTaskCode ?? '',
    locationCode: entry?.locationCode ?? '',
    workTypeCode: row.workTypeCode ?? '',
    unitType: row.unitType,
    unitNo: row.unitNo,
    description,
    timeFrom: times?.timeFrom ?? entry?.timeFrom ?? '',
    timeTo: times?.timeTo ?? entry?.timeTo ?? '',
    quantity: String(quantity),
    unitOfMeasureCode: row.unitOfMeasureCode,
  };
}

/** The first translated reason of a refusal: a field's message when the server named one, else the problem's. */
function refusalText(error: unknown): string {
  const fields = Object.values(serverFieldErrors(error)).filter((t): t is string => !!t);
  return fields[0] ?? errorMessage(error);
}

export function useWeekGrid(
  input: { week: string; username: string | null },
  data: TWorksheetWeek | undefined,
  settings: TWorksheetFormSettings | undefined,
  extraRows: readonly TWeekRow[],
): Grid {
  const utils = trpc.useUtils();
  const locale = getLocale();
  const [flags, setFlags] = useState<ReadonlyMap<string, CellFlag>>(() => new Map());
  /** The edited cell, of this week and person only (another week's cell of the same key is another cell). */
  const [edited, setEdited] = useState<{ week: string; user: string | null; key: string } | null>(null);
  const editing = edited && edited.week === input.week && edited.user === input.username ? edited.key : null;
  /** the text each cell is being saved with: a second blur of the same text sends nothing */
  const pending = useRef(new Map<string, string>());
  /*
   * The week (and every count) asked again after saves, coalesced: Tab through four days saves four
   * cells at once, and four invalidations would each cancel the one before (on a slow line the
   * sums then lag seconds behind). One runs; saves finished meanwhile share one more after it.
   */
  const refresh = useRef<{ running: Promise<void> | null; next: Promise<void> | null }>({ running: null, next: null });
  const refreshCounts = (): Promise<void> => {
    const r = refresh.current;
    if (!r.running) {
      r.running = invalidateCounts(utils).then(
        () => void (r.running = null),
        () => void (r.running = null),
      );
      return r.running;
    }
    r.next ??= r.running.then(() => {
      r.next = null;
      return refreshCounts();
    });
    return r.next;
  };
  const setFlag = (key: string, flag: CellFlag | null) =>
    setFlags((prev) => {
      const next = new Map(prev);
      if (flag) next.set(key, flag);
      else next.delete(key);
      return next;
    });

  /**
   * A value refused in the browser: its reason in the user's language. The texts of the codes are a
   * chunk of their own, asked for on the first refusal: the reason is shown once they are here
   * (at once when they are), never as the bare code.
   */
  const refuse = (key: string, reason: string, typed: string) => {
    if (reason === 'DAY_LIMIT') return setFlag(key, { error: m.ws_grid_day_limit(), typed });
    void loadErrorMessages().then(() => setFlag(key, { error: translateText(reason), typed }));
  };

  const closedUntil = data?.closedUntil ?? null;
  const canCreate = data?.canCreate ?? false;
  const days = data?.days;
  const editable = useMemo(
    () => (row: TWeekRow, i: number) => {
      if (!settings || !days) return false;
      const n = row.entries[i]!;
      if (n === 1) return row.cells[i]?.editable === true;
      return n === 0 && canCreate && (closedUntil === null || days[i]! > closedUntil);
    },
    [settings, days, canCreate, closedUntil],
  );

  /** The row as the cache has it now (after earlier saves' refetches), or the added row. */
  const currentRow = (key: string): TWeekRow | undefined => utils.worksheet.week.getData(input)?.rows.find((r) => rowKey(r) === key) ?? extraRows.find((r) => rowKey(r) === key);

  async function send(
    plan: Exclude<CellPlan, { kind: 'none' }>,
    row: TWeekRow,
    i: number,
    date: string,
    s: TWorksheetFormSettings,
    times: { timeFrom: string; timeTo: string } | null,
  ): Promise<'saved' | 'queued'> {
    const entry = row.cells[i] ?? null;
    const outbox = await loadOutbox();
    // A change or a clearing goes through the outbox too (decision 0471): sent at once with an
    // Idempotency-Key and the cell's version; offline, queued and sent once when back.
    if (plan.kind === 'delete') {
      // The cleared cell's entry as loaded: its version (plan.id is its id) and, for the outbox's list, its fields.
      const version = entry?.id === plan.id ? entry.version : undefined;
      if (version === undefined) throw new Error('The cleared cell has no stored entry');
      const out = await outbox.changeOrQueue('delete', { id: plan.id, version }, fieldsOf(row, date, row.days[i] ?? 0, s, entry, null));
      return out === 'queued' ? 'queued' : 'saved';
    }
    const fields = fieldsOf(row, date, plan.quantity, s, entry, times);
    if (plan.kind === 'update') {
      const out = await outbox.changeOrQueue('update', { id: plan.id, version: plan.version }, fields);
      return out === 'queued' ? 'queued' : 'saved';
    }
    // A create goes through the offline outbox, as the entry form's: queued when offline.
    const out = await outbox.submitOrQueue(fields, { files: [] });
    return out === 'queued' ? 'queued' : 'saved';
  }

  async function commit(el: HTMLInputElement, retry: boolean) {
    const rk = el.dataset.k;
    const i = Number(el.dataset.d);
    if (!rk || !settings || !days) return;
    const key = `${rk}#${i}`;
    const text = el.value;
    if (pending.current.get(key) === text) return;
    const flag = flags.get(key);
    if (!retry && (flag?.error || flag?.queued) && flag.typed === text) return;
    const row = currentRow(rk);
    if (!row) return;
    const hours = isHourUnit(row.unitOfMeasureCode);
    const read = readCell(text, locale, hours);
    if (!read.ok) {
      refuse(key, read.error, text);
      return;
    }
    const one = row.cells[i];
    const now: CellNow | null = row.entries[i] === 1 && one ? { id: one.id, version: one.version, quantity: row.days[i]! } : null;
    const plan = planCell(now, read.value);
    if (plan.kind === 'none') {
      if (flag) setFlag(key, null);
      return;
    }
    if (hours && read.value !== null) {
      const week = utils.worksheet.week.getData(input);
      const dayHours = (week?.rows ?? []).filter((r) => isHourUnit(r.unitOfMeasureCode) && rowKey(r) !== rk).reduce((sum, r) => sum + r.days[i]!, 0);
      if (dayOverLimit(dayHours, read.value)) {
        setFlag(key, { error: m.ws_grid_day_limit(), typed: text });
        return;
      }
    }
    // Time mode: the typed hours become the entry's times (decision 0420).
    let times: { timeFrom: string; timeTo: string } | null = null;
    if (plan.kind !== 'delete' && isTimeMode(settings.resourceUnits, row.unitType)) {
      const span = timesFor(plan.quantity, row.cells[i]?.timeFrom ?? null);
      if ('error' in span) {
        refuse(key, span.error, text);
        return;
      }
      times = span;
    }
    pending.current.set(key, text);
    // The typed text stays in the cell while it is saved, also when the focus has moved on (decision 0496).
    setFlag(key, { busy: true, typed: text });
    try {
      const done = await send(plan, row, i, days[i]!, settings, times);
      const shown = read.value === null ? '' : cellText(read.value, locale);
      if (el.value === text) el.value = shown;
      if (done === 'queued') {
        // Offline: the entry waits in the outbox; the week is fetched again when it is sent.
        setFlag(key, { queued: true, typed: shown });
        return;
      }
      await refreshCounts();
      setFlag(key, null);
    } catch (error) {
      setFlag(key, { error: refusalText(error), typed: text });
    } finally {
      pending.current.delete(key);
    }
  }

  /** The cell `dRow` rows and `dDay` days away that takes typing (skipping those that do not). */
  function neighbour(el: HTMLInputElement, dRow: number, dDay: number): HTMLElement | null {
    const grid = el.closest('.wk-grid');
    if (!grid) return null;
    const all = [...grid.querySelectorAll<HTMLElement>('.wk-in')];
    if (dDay !== 0) {
      const same = all.filter((x) => x.dataset.k === el.dataset.k);
      return same[same.indexOf(el) + dDay] ?? null;
    }
    const column = all.filter((x) => x.dataset.d === el.dataset.d);
    return column[column.indexOf(el) + dRow] ?? null;
  }

  return {
    flags,
    editing,
    editable,
    locale,
    onFocus: (e) => {
      if (isGridInput(e.target)) e.target.select();
      else if (isGridText(e.target)) {
        // The focused text becomes the input at once, in this event (the input takes the focus as it
        // mounts): the key typed next, and a phone's keyboard opened by the tap, go to it.
        const key = `${e.target.dataset.k}#${e.target.dataset.d}`;
        flushSync(() => setEdited({ week: input.week, user: input.username, key }));
      }
    },
    onBlur: (e) => {
      if (isGridInput(e.target)) void commit(e.target, false);
    },
    onKeyDown: (e) => {
      const el = e.target;
      if (!isGridInput(el)) return;
      const caretAtStart = el.selectionStart === 0 && (el.selectionEnd === 0 || el.selectionEnd === el.value.length);
      const caretAtEnd = el.selectionEnd === el.value.length && (el.selectionStart === el.value.length || el.selectionStart === 0);
      let to: HTMLElement | null = null;
      if (e.key === 'Enter') {
        e.preventDefault();
        void commit(el, true);
        return;
      }
      if (e.key === 'Escape') {
        el.value = el.dataset.v ?? '';
        setFlag(`${el.dataset.k}#${el.dataset.d}`, null);
        return;
      }
      if (e.key === 'ArrowUp') to = neighbour(el, -1, 0);
      else if (e.key === 'ArrowDown') to = neighbour(el, 1, 0);
      else if (e.key === 'ArrowLeft' && caretAtStart) to = neighbour(el, 0, -1);
      else if (e.key === 'ArrowRight' && caretAtEnd) to = neighbour(el, 0, 1);
      else return;
      e.preventDefault();
      to?.focus();
    },
  };
}
