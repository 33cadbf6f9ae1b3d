import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWeekRow, TWorksheetWeek } from '../../../shared/schemas/worksheet-week';
import { Button } from '../../components/button';
import { lazyPart, LazyBoundary } from '../../lib/lazy';
import { useWeekGrid, type Grid } from './use-week-grid';
import { rowKey, type Day } from './week-parts';
import { WeekDay, WeekTable } from './week-table';
import type { WeekAddRow as WeekAddRowType } from './week-add-row';
import { useFormSettings } from './ws-data';
import type { ComponentProps, FocusEvent, KeyboardEvent } from 'react';

// "Add row" brings the entry form's pickers: loaded when first opened (decision 0185).
const AddRow = lazyPart<ComponentProps<typeof WeekAddRowType>>(() => import('./week-add-row').then((mod) => mod.WeekAddRow));

interface Props {
  input: { week: string; username: string | null };
  data: TWorksheetWeek;
  days: Day[];
  wide: boolean;
  day: string;
  today: string;
  onPick: (d: string) => void;
  highlight?: ReadonlySet<string> | undefined;
}

/**
 * Issue 40 §4: the week as a grid to type hours into (decision 0420) — the table from 640 px, one
 * day at a time on a phone — with "Add row" for a job and unit the week has no entry of yet.
 */
export function WeekGrid({ input, data, days, wide, day, today, onPick, highlight }: Props) {
  const settings = useFormSettings().data;
  // Rows added to type into: kept (at the end, in the order added) while this week is shown.
  const [added, setAdded] = useState<{ week: string; user: string; rows: TWeekRow[] }>({ week: data.week, user: data.username, rows: [] });
  const extra = useMemo(() => (added.week === data.week && added.user === data.username ? added.rows : []), [added, data.week, data.username]);
  const rows = useMemo(() => {
    if (extra.length === 0) return data.rows;
    const stored = new Map(data.rows.map((r) => [rowKey(r), r]));
    const addedKeys = new Set(extra.map(rowKey));
    return [...data.rows.filter((r) => !addedKeys.has(rowKey(r))), ...extra.map((r) => stored.get(rowKey(r)) ?? r)];
  }, [data.rows, extra]);
  const live = useWeekGrid(input, data, settings, extra);
  const grid = useStableGrid(live);
  const [adding, setAdding] = useState(false);
  const canAdd = data.canCreate && settings !== undefined;

  const focusRow = (key: string) =>
    requestAnimationFrame(() => {
      const cell = [...document.querySelectorAll<HTMLElement>('.wk-grid .wk-in')].find((x) => x.dataset.k === key);
      cell?.focus();
    });

  return (
    <>
      {canAdd && <p className="wk-hint">{m.ws_grid_hint()}</p>}
      {wide ? (
        <WeekTable data={data} days={days} highlight={highlight} rows={rows} grid={grid} />
      ) : (
        <WeekDay data={data} days={days} day={day} onPick={onPick} highlight={highlight} rows={rows} grid={grid} />
      )}
      {canAdd &&
        (adding ? (
          <LazyBoundary part={AddRow} onFailed={() => setAdding(false)}>
            <AddRow.Component
              settings={settings}
              today={today}
              onCancel={() => setAdding(false)}
              onAdd={(row) => {
                setAdding(false);
                const key = rowKey(row);
                if (!rows.some((r) => rowKey(r) === key)) setAdded({ week: data.week, user: data.username, rows: [...extra, row] });
                focusRow(key);
              }}
            />
          </LazyBoundary>
        ) : (
          <div className="wk-addbar">
            <Button variant="secondary" onClick={() => setAdding(true)} onPointerEnter={AddRow.preload} onFocus={AddRow.preload}>
              {m.ws_grid_add_row()}
            </Button>
          </div>
        ))}
    </>
  );
}

/**
 * The grid as the table and the day list take it: a new object only when what the cells show
 * changes (the refusals and saves, the edited cell, what may be typed into, the language), so that the memoised
 * table is not rendered again — all its 280 cells — when the week view renders for anything else
 * (a query of the view settling, the Week tab shown). Its handlers call the latest ones.
 */
function useStableGrid(live: Grid): Grid {
  const latest = useRef(live);
  useLayoutEffect(() => {
    latest.current = live;
  });
  const handlers = useMemo(
    () => ({
      onKeyDown: (e: KeyboardEvent) => latest.current.onKeyDown(e),
      onBlur: (e: FocusEvent) => latest.current.onBlur(e),
      onFocus: (e: FocusEvent) => latest.current.onFocus(e),
    }),
    [],
  );
  const { flags, editing, editable, locale } = live;
  return useMemo(() => ({ flags, editing, editable, locale, ...handlers }), [flags, editing, editable, locale, handlers]);
}
