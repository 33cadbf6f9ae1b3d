import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type ComponentProps } from "react";
import { m } from "../../../shared/paraglide/messages.js";
import type {
  TWeekRow,
  TWorksheetWeek,
} from "../../../shared/schemas/worksheet-week";
import { addWeeks, weekNumber, weekOf } from "../../../shared/week";
import { Button } from "../../components/button";
import { PageSpinner } from "../../components/spinner";
import { errorMessage } from "../../lib/errors";
import { formatDate, formatNumber, intlLocale } from "../../lib/format";
import { LazyBoundary, lazyPart, useMountedOnce } from "../../lib/lazy";
import { trpc } from "../../lib/trpc";
import { useBulkApprove } from "./bulk-approve";
import type { CopyDialog as CopyDialogType, CopyRequest } from "./copy-dialog";
import { todayIso, useMediaQuery } from "./ws-data";
import "./week-view.css";

// "Copy week…" (issue 22 §5): the same dialog as "Copy to…" of a day, on first use (decision 0185).
const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() =>
  import("./copy-dialog").then((mod) => mod.CopyDialog),
);

const num = (n: number) =>
  formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rowName = (r: TWeekRow) =>
  [r.jobCode, r.jobTaskCode, r.unitNo, r.workTypeCode]
    .filter(Boolean)
    .join(" · ");

interface Props {
  week?: string | undefined;
  user?: string | undefined;
  /** The caller's role: leaders and admins pick a person. */
  canPick: boolean;
}

/**
 * Issue 22 §6: one ISO week of one person, rows (job + task + unit + work type) × Monday–Sunday,
 * day totals, row totals and the week total per unit of measure. From 640 px a table; on a phone
 * one day at a time under a strip of the seven days. Loaded on first use (decision 0185).
 */
export function WeekView({ week: asked, user, canPick }: Props) {
  const today = todayIso();
  const week = asked ?? weekOf(today);
  const wide = useMediaQuery("(min-width: 640px)");
  const navigate = useNavigate();
  const query = trpc.worksheet.week.useQuery(
    { week, username: user ?? null },
    { placeholderData: (prev) => prev },
  );
  const users = trpc.worksheet.weekUsers.useQuery(undefined, {
    enabled: canPick,
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  const days = data?.days ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const [copyMounted, unmountCopy] = useMountedOnce(copy !== null);
  // Issue 23 §2: "Approve week" in a person's week, for those who approve (one confirmation).
  const approval = useBulkApprove();
  const day =
    picked && days.includes(picked)
      ? picked
      : days.includes(today)
        ? today
        : (days[0] ?? today);
  const go = (search: { week?: string; user?: string }) =>
    void navigate({
      from: "/",
      to: "/",
      search: (prev) => ({
        ...prev,
        view: "week" as const,
        week: search.week ?? week,
        user: "user" in search ? search.user : user,
      }),
    });
  const n = weekNumber(week);

  return (
    <section className="wk" aria-labelledby="wk-title">
      <div className="wk-bar">
        <Button
          variant="secondary"
          onClick={() => go({ week: addWeeks(week, -1) })}
          aria-label={m.ws_week_prev()}
          className="wk-step"
        >
          ‹
        </Button>
        <h2 id="wk-title" className="wk-title">
          {m.ws_week_title({ week: String(n) })}
          {days.length > 0 && (
            <span className="wk-range">{rangeText(days[0]!, days[6]!)}</span>
          )}
        </h2>
        <Button
          variant="secondary"
          onClick={() => go({ week: addWeeks(week, 1) })}
          aria-label={m.ws_week_next()}
          className="wk-step"
        >
          ›
        </Button>
        {week !== weekOf(today) && (
          <Button variant="ghost" onClick={() => go({ week: weekOf(today) })}>
            {m.ws_week_this()}
          </Button>
        )}
        {data && data.ids.length > 0 && (
          <Button
            variant="secondary"
            className="wk-copy"
            onPointerEnter={Copy.preload}
            onFocus={Copy.preload}
            onClick={() =>
              setCopy({ ids: data.ids, fromDate: data.days[0]!, week: data.week })
            }
          >
            {m.ws_copy_week_action()}
            {/* The visible text first, so the accessible name starts with it (WCAG 2.5.3). */}
            <span className="visually-hidden">
              {" "}
              {m.ws_copy_week_label({ week: String(n) })}
            </span>
          </Button>
        )}
        {canPick && data && data.ids.length > 0 && (
          <Button
            variant="secondary"
            className="wk-approve"
            disabled={approval.pending}
            onClick={async () => {
              const changed = await approval.run({ ids: data.ids }, true);
              if (changed.length > 0) await query.refetch();
            }}
          >
            {m.ws_approve_week()}
            <span className="visually-hidden">
              {" "}
              {m.ws_approve_week_label({ name: data.username, week: String(n) })}
            </span>
          </Button>
        )}
        {canPick && users.data && users.data.length > 1 && (
          <label className="wk-user">
            <span>{m.ws_week_user()}</span>
            <select
              value={data?.username ?? user ?? ""}
              onChange={(e) => go({ user: e.target.value || undefined })}
            >
              {users.data.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {query.error ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <WeekTotal data={data} />
          {data.rows.length === 0 && (
            <p className="wk-empty">{m.ws_week_empty({ week: String(n) })}</p>
          )}
          {wide ? (
            <WeekTable data={data} today={today} />
          ) : (
            <WeekDay data={data} today={today} day={day} onPick={setPicked} />
          )}
        </>
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
    </section>
  );
}

/** "23–29 Nov" / "23.–29. nov." in the user's locale. */
function rangeText(from: string, to: string): string {
  const f = new Intl.DateTimeFormat(intlLocale(), {
    day: "numeric",
    month: "short",
  });
  try {
    return f.formatRange(
      new Date(`${from}T00:00:00`),
      new Date(`${to}T00:00:00`),
    );
  } catch {
    return `${formatDate(from, { day: "numeric", month: "short" })}–${formatDate(to, { day: "numeric", month: "short" })}`;
  }
}

function Sums({
  sums,
}: {
  sums: Array<{ code: string; label: string; value: number }>;
}) {
  const shown = sums.filter((s) => s.value !== 0);
  if (shown.length === 0) return <span className="ws-muted">–</span>;
  return (
    <>
      {shown.map((s) => (
        <span key={s.code} className="wk-sum">
          <span className="ws-num">{num(s.value)}</span>{" "}
          <span className="wk-uom">{s.label}</span>
        </span>
      ))}
    </>
  );
}

function WeekTotal({ data }: { data: TWorksheetWeek }) {
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

/** A cell: with entries it opens that day's list; empty it opens the form for that day, job and unit. */
function Cell({ row, i, date }: { row: TWeekRow; i: number; date: string }) {
  const value = row.days[i]!;
  if (row.entries[i]! > 0) {
    return (
      <Link
        to="/"
        hash={`day-${date}`}
        className="wk-cell is-filled"
        aria-label={m.ws_week_open({
          date: formatDate(date),
          row: rowName(row),
        })}
      >
        <span className="ws-num">{num(value)}</span>
      </Link>
    );
  }
  return (
    <Link
      to="/worksheet/add"
      search={{
        date,
        customerNo: row.customerNo ?? undefined,
        jobCode: row.jobCode,
        jobTaskCode: row.jobTaskCode ?? undefined,
        unitType: row.unitType,
        unitNo: row.unitNo,
        workTypeCode: row.workTypeCode ?? undefined,
      }}
      className="wk-cell is-empty"
      aria-label={m.ws_week_add({ date: formatDate(date), row: rowName(row) })}
    >
      +
    </Link>
  );
}

function RowHead({ row }: { row: TWeekRow }) {
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

function WeekTable({ data, today }: { data: TWorksheetWeek; today: string }) {
  return (
    <div className="wk-scroll">
      <table className="wk-table">
        <thead>
          <tr>
            <th scope="col" className="wk-first">
              {m.ws_week_row()}
            </th>
            {data.days.map((d) => (
              <th
                key={d}
                scope="col"
                className={d === today ? "is-today" : undefined}
                aria-current={d === today ? "date" : undefined}
              >
                <span className="wk-dow">
                  {formatDate(d, { weekday: "short" })}
                </span>
                <span className="wk-dom">
                  {formatDate(d, { day: "numeric", month: "numeric" })}
                </span>
              </th>
            ))}
            <th scope="col">{m.ws_week_row_total()}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((r) => (
            <tr
              key={`${r.jobCode}|${r.jobTaskCode}|${r.unitType}|${r.unitNo}|${r.workTypeCode}|${r.unitOfMeasureCode}`}
            >
              <th scope="row" className="wk-first">
                <RowHead row={r} />
              </th>
              {data.days.map((d, i) => (
                <td key={d} className={d === today ? "is-today" : undefined}>
                  <Cell row={r} i={i} date={d} />
                </td>
              ))}
              <td className="wk-rowtotal">
                <span className="ws-num">{num(r.total)}</span>
              </td>
            </tr>
          ))}
        </tbody>
        {data.totals.length > 0 && (
          <tfoot>
            {data.totals.map((t) => (
              <tr key={t.code}>
                <th scope="row" className="wk-first">
                  {m.ws_week_day_total()} ({t.label})
                </th>
                {t.days.map((v, i) => (
                  <td
                    key={data.days[i]}
                    className={data.days[i] === today ? "is-today" : undefined}
                  >
                    {v ? (
                      <span className="ws-num">{num(v)}</span>
                    ) : (
                      <span className="ws-muted">–</span>
                    )}
                  </td>
                ))}
                <td className="wk-rowtotal">
                  <span className="ws-num">{num(t.total)}</span>
                </td>
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}

function WeekDay({
  data,
  today,
  day,
  onPick,
}: {
  data: TWorksheetWeek;
  today: string;
  day: string;
  onPick: (d: string) => void;
}) {
  const i = Math.max(0, data.days.indexOf(day));
  return (
    <>
      <div className="wk-strip" role="group" aria-label={m.ws_week_days()}>
        {data.days.map((d, k) => (
          <button
            key={d}
            type="button"
            className={[
              "wk-strip__day",
              d === day ? "is-active" : "",
              d === today ? "is-today" : "",
              data.totals.some((t) => t.days[k]) ? "has-entries" : "",
            ].join(" ")}
            aria-pressed={d === day}
            aria-current={d === today ? "date" : undefined}
            onClick={() => onPick(d)}
          >
            <span className="wk-dow">
              {formatDate(d, { weekday: "short" })}
            </span>
            <span className="wk-dom">{formatDate(d, { day: "numeric" })}</span>
          </button>
        ))}
      </div>
      <h3 className="wk-daytitle">
        {formatDate(day, { weekday: "long", day: "numeric", month: "long" })}
        {day === today && ` (${m.ws_week_today()})`}
      </h3>
      <ul className="wk-list">
        {data.rows.map((r) => (
          <li
            key={`${r.jobCode}|${r.jobTaskCode}|${r.unitType}|${r.unitNo}|${r.workTypeCode}|${r.unitOfMeasureCode}`}
            className="wk-item"
          >
            <RowHead row={r} />
            <Cell row={r} i={i} date={day} />
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
