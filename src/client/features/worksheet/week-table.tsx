import { memo } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetWeek } from '../../../shared/schemas/worksheet-week';
import { formatDate } from '../../lib/format';
import { num, rowName, Day, rowKey, Sums, cell, rowHead, todayClass } from './week-parts';

/* The week as a table (desk) and as one day at a time (phone) (split from week-view.tsx, issue 39 §1). */
export const WeekTable = memo(function WeekTable({ data, days, highlight }: { data: TWorksheetWeek; days: Day[]; highlight?: ReadonlySet<string> | undefined }) {
  return (
    <div className="wk-scroll">
      <table className="wk-table">
        <thead>
          <tr>
            <th scope="col" className="wk-first">
              {m.ws_week_row()}
            </th>
            {days.map((d) => (
              <th
                key={d.date}
                scope="col"
                className={todayClass(d)}
                aria-current={d.today ? "date" : undefined}
              >
                <span className="wk-dow">{d.dow}</span>
                <span className="wk-dom">{d.dayMonth}</span>
              </th>
            ))}
            <th scope="col">{m.ws_week_row_total()}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((r) => {
            const name = rowName(r);
            return (
              <tr key={rowKey(r)} className={highlight?.has(rowKey(r)) ? "is-highlighted" : undefined}>
                <th scope="row" className="wk-first">
                  {rowHead(r)}
                </th>
                {days.map((d, i) => (
                  <td key={d.date} className={todayClass(d)}>
                    {cell(r, i, d, name)}
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
                  <td key={days[i]!.date} className={[todayClass(days[i]!), v ? "ws-num" : "ws-muted"].filter(Boolean).join(" ")}>
                    {v ? num(v) : "–"}
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
}: {
  data: TWorksheetWeek;
  days: Day[];
  day: string;
  onPick: (d: string) => void;
  highlight?: ReadonlySet<string> | undefined;
}) {
  const i = Math.max(0, data.days.indexOf(day));
  const shown = days[i]!;
  return (
    <>
      <div className="wk-strip" role="group" aria-label={m.ws_week_days()}>
        {days.map((d, k) => (
          <button
            key={d.date}
            type="button"
            className={[
              "wk-strip__day",
              d.date === day ? "is-active" : "",
              d.today ? "is-today" : "",
              data.totals.some((t) => t.days[k]) ? "has-entries" : "",
            ].join(" ")}
            aria-pressed={d.date === day}
            aria-current={d.today ? "date" : undefined}
            onClick={() => onPick(d.date)}
          >
            <span className="wk-dow">{d.dow}</span>
            <span className="wk-dom">{d.dom}</span>
          </button>
        ))}
      </div>
      <h3 className="wk-daytitle">
        {formatDate(day, { weekday: "long", day: "numeric", month: "long" })}
        {shown.today && ` (${m.ws_week_today()})`}
      </h3>
      <ul className="wk-list">
        {data.rows.map((r) => (
          <li key={rowKey(r)} className={highlight?.has(rowKey(r)) ? "wk-item is-highlighted" : "wk-item"}>
            {rowHead(r)}
            {cell(r, i, shown, rowName(r))}
          </li>
        ))}
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
