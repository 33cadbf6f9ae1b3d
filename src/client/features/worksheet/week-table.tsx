import { memo } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetWeek } from '../../../shared/schemas/worksheet-week';
import { formatDate } from '../../lib/format';
import type { TWeekRow } from '../../../shared/schemas/worksheet-week';
import { num, rowName, Day, rowKey, Sums, rowHead, todayClass } from './week-parts';
import { gridCell } from './week-grid-cell';
import type { Grid } from './use-week-grid';

interface GridProps {
  /** the week's rows and the rows added to type into (week-view's "Add row") */
  rows: readonly TWeekRow[];
  /** Issue 40 §4: the cells that take typing; without it the week is read as before */
  grid?: Grid | undefined;
}

/** A row's head, with the "Copied" badge on the rows that hold copies just made (issue 40 §5). */
const head = (r: TWeekRow, copied: boolean) => (
  <>
    {rowHead(r)}
    {copied && <span className="wk-badge">{m.ws_grid_copied()}</span>}
  </>
);

/* The week as a table (desk) and as one day at a time (phone) (split from week-view.tsx, issue 39 §1). */
export const WeekTable = memo(function WeekTable({
  data,
  days,
  highlight,
  rows,
  grid,
}: { data: TWorksheetWeek; days: Day[]; highlight?: ReadonlySet<string> | undefined } & GridProps) {
  return (
    <div className="wk-scroll wk-grid" onKeyDown={grid?.onKeyDown} onBlur={grid?.onBlur} onFocus={grid?.onFocus}>
      <table className="wk-table">
        <thead>
          <tr>
            <th scope="col" className="wk-first">
              {m.ws_week_row()}
            </th>
            {days.map((d) => (
              <th key={d.date} scope="col" className={todayClass(d)} aria-current={d.today ? 'date' : undefined}>
                <span className="wk-dow">{d.dow}</span>
                <span className="wk-dom">{d.dayMonth}</span>
              </th>
            ))}
            <th scope="col">{m.ws_week_row_total()}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = rowName(r);
            const copied = highlight?.has(rowKey(r)) === true;
            return (
              <tr key={rowKey(r)} className={copied ? 'is-highlighted' : undefined}>
                <th scope="row" className="wk-first">
                  {head(r, copied)}
                </th>
                {days.map((d, i) => (
                  <td key={d.date} className={todayClass(d)}>
                    {gridCell(r, i, d, name, grid)}
                  </td>
                ))}
                <td className="wk-rowtotal ws-num">{num(r.total)}</td>
              </tr>
            );
          })}
        </tbody>
        {data.totals.length > 0 && (
          <tfoot>
            {data.totals.map((t) => (
              <tr key={t.code}>
                <th scope="row" className="wk-first">
                  {m.ws_week_day_total()} ({t.label})
                </th>
                {t.days.map((v, i) => (
                  <td key={days[i]!.date} className={[todayClass(days[i]!), v ? 'ws-num' : 'ws-muted'].filter(Boolean).join(' ')}>
                    {v ? num(v) : '–'}
                  </td>
                ))}
                <td className="wk-rowtotal ws-num">{num(t.total)}</td>
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
});

export function WeekDay({
  data,
  days,
  day,
  onPick,
  highlight,
  rows,
  grid,
}: {
  data: TWorksheetWeek;
  days: Day[];
  day: string;
  onPick: (d: string) => void;
  highlight?: ReadonlySet<string> | undefined;
} & GridProps) {
  const i = Math.max(0, data.days.indexOf(day));
  const shown = days[i]!;
  return (
    <>
      <div className="wk-strip" role="group" aria-label={m.ws_week_days()}>
        {days.map((d, k) => (
          <button
            key={d.date}
            type="button"
            className={['wk-strip__day', d.date === day ? 'is-active' : '', d.today ? 'is-today' : '', data.totals.some((t) => t.days[k]) ? 'has-entries' : ''].join(' ')}
            aria-pressed={d.date === day}
            aria-current={d.today ? 'date' : undefined}
            onClick={() => onPick(d.date)}
          >
            <span className="wk-dow">{d.dow}</span>
            <span className="wk-dom">{d.dom}</span>
          </button>
        ))}
      </div>
      <h3 className="wk-daytitle">
        {formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' })}
        {shown.today && ` (${m.ws_week_today()})`}
      </h3>
      <ul className="wk-list wk-grid" onKeyDown={grid?.onKeyDown} onBlur={grid?.onBlur} onFocus={grid?.onFocus}>
        {rows.map((r) => {
          const copied = highlight?.has(rowKey(r)) === true;
          return (
            <li key={rowKey(r)} className={copied ? 'wk-item is-highlighted' : 'wk-item'}>
              <span className="wk-item__head">{head(r, copied)}</span>
              <span className="wk-item__cell">{gridCell(r, i, shown, rowName(r), grid)}</span>
            </li>
          );
        })}
      </ul>
      {data.totals.length > 0 && (
        <p className="wk-daytotal">
          <span>{m.ws_week_day_total()}</span>
          <span>
            <Sums
              sums={data.totals.map((t) => ({
                code: t.code,
                label: t.label,
                value: t.days[i]!,
              }))}
            />
          </span>
        </p>
      )}
    </>
  );
}
