import { useNavigate, useRouter } from "@tanstack/react-router";
import { memo, useMemo, useState, type ComponentProps, type MouseEvent } from "react";
import { m } from "../../../shared/paraglide/messages.js";
import type {
  TWeekRow,
  TWorksheetWeek,
} from "../../../shared/schemas/worksheet-week";
import { addWeeks, weekNumber, weekOf } from "../../../shared/week";
import { Button } from "../../components/button";
import { PageSpinner } from "../../components/spinner";
import { errorMessage } from "../../lib/errors";
import { dateFormat, formatDate, numberFormat } from "../../lib/format";
import { stringifySearch } from "../../lib/search";
import { LazyBoundary, lazyPart, useMountedOnce } from "../../lib/lazy";
import { trpc } from "../../lib/trpc";
import { useBulkApprove } from "./bulk-approve";
import type { CopyDialog as CopyDialogType, CopyRequest } from "./copy-dialog";
import type { TWorksheetRecord } from "../../../shared/schemas/worksheet";
import { todayIso, useMediaQuery } from "./ws-data";
import "./week-view.css";

// "Copy week…" (issue 22 §5): the same dialog as "Copy to…" of a day, on first use (decision 0185).
const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() =>
  import("./copy-dialog").then((mod) => mod.CopyDialog),
);

/** One formatter per render of the week, not one per cell (decision 0256). */
const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const num = (n: number) => numberFormat(TWO_DECIMALS).format(n);
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
  const days = useMemo(() => data?.days ?? [], [data]);
  const [picked, setPicked] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const [copyMounted, unmountCopy] = useMountedOnce(copy !== null);
  // Issue 40 §5: after "Copy week…" the view goes to the target week, the rows holding copies highlighted.
  const [copied, setCopied] = useState<{ week: string; keys: ReadonlySet<string> } | null>(null);
  const onCopied = (created: TWorksheetRecord[]) => {
    if (created.length === 0) return;
    const target = weekOf(created[0]!.date);
    setCopied({ week: target, keys: new Set(created.map(recordRowKey)) });
    go({ week: target });
  };
  const highlight = copied && data && copied.week === data.week ? copied.keys : undefined;
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
  const dayList = useMemo(() => dayWords(days, today), [days, today]);
  const cells = useCellLinks();

  return (
    // The cells' clicks and intent are handled here, once for the whole week (useCellLinks).
    // (Enter on a link fires its click, so the keyboard is routed the same way.)
    <section
      className="wk"
      aria-labelledby="wk-title"
      onClick={cells.onClick}
      onPointerOver={cells.onIntent}
      onFocus={cells.onIntent}
    >
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
            <WeekTable data={data} days={dayList} highlight={highlight} />
          ) : (
            <WeekDay data={data} days={dayList} day={day} onPick={setPicked} highlight={highlight} />
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
          <Copy.Component request={copy} onClose={() => setCopy(null)} onCopied={onCopied} />
        </LazyBoundary>
      )}
    </section>
  );
}

/** "23–29 Nov" / "23.–29. nov." in the user's locale. */
function rangeText(from: string, to: string): string {
  const short = SHORT;
  try {
    return dateFormat(short).formatRange(
      new Date(`${from}T00:00:00`),
      new Date(`${to}T00:00:00`),
    );
  } catch {
    return `${formatDate(from, short)}–${formatDate(to, short)}`;
  }
}

const MEDIUM = { dateStyle: "medium" } as const;
const DOW = { weekday: "short" } as const;
const DAY_MONTH = { day: "numeric", month: "numeric" } as const;
const DOM = { day: "numeric" } as const;
const SHORT = { day: "numeric", month: "short" } as const;
// The formatters of the week's words are made when this chunk loads (the Week tab's intent
// preloads it), not in the click that renders the week (decision 0256).
for (const o of [MEDIUM, DOW, DAY_MONTH, DOM, SHORT]) dateFormat(o);
numberFormat(TWO_DECIMALS);

/** A day's words, formatted once per week shown (not once per cell). */
interface Day {
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

function dayWords(dates: readonly string[], today: string): Day[] {
  return dates.map((date) => ({
    date,
    label: formatDate(date, MEDIUM),
    dow: formatDate(date, DOW),
    dayMonth: formatDate(date, DAY_MONTH),
    dom: formatDate(date, DOM),
    today: date === today,
  }));
}

const rowKey = (r: Pick<TWeekRow, "jobCode" | "jobTaskCode" | "unitType" | "unitNo" | "workTypeCode" | "unitOfMeasureCode">) =>
  `${r.jobCode}|${r.jobTaskCode}|${r.unitType}|${r.unitNo}|${r.workTypeCode}|${r.unitOfMeasureCode}`;
/** The week row an entry is summed in. */
const recordRowKey = (r: TWorksheetRecord) => rowKey(r);

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

/**
 * A cell: with entries it opens that day's list; empty it opens the form for that day, job and
 * unit. A plain link (the href the router would build, search as lib/search writes it): a router
 * <Link> per cell built and matched a location for each of ~90 cells on the first render
 * (decision 0256). A click is routed by the week's one handler (useCellLinks). A function, not a
 * component, and one element with its text: the ~90 cells are the most of the week's first
 * render (decision 0274).
 */
function cell(row: TWeekRow, i: number, day: Day, name: string) {
  if (row.entries[i]! > 0) {
    return (
      <a
        href={`/#day-${day.date}`}
        className="wk-cell is-filled ws-num"
        aria-label={m.ws_week_open({ date: day.label, row: name })}
      >
        {num(row.days[i]!)}
      </a>
    );
  }
  const rest = rowSearch(row);
  return (
    <a
      href={`/worksheet/add?date=${day.date}${rest && `&${rest.slice(1)}`}`}
      className="wk-cell is-empty"
      aria-label={m.ws_week_add({ date: day.label, row: name })}
    >
      +
    </a>
  );
}

/**
 * The entry form's search of a row's empty cells after the date (the same for all of them):
 * written once per row, not once per cell. The date (YYYY-MM-DD) needs no escaping, so the href
 * is the one stringifySearch writes for the whole search.
 */
const rowSearches = new WeakMap<TWeekRow, string>();
function rowSearch(row: TWeekRow): string {
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
function useCellLinks() {
  const navigate = useNavigate();
  const router = useRouter();
  const [preloaded, setPreloaded] = useState(false);
  const cellOf = (target: EventTarget) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>("a.wk-cell") : null;
  return {
    onClick: (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = cellOf(e.target);
      const href = a?.getAttribute("href");
      if (!href) return;
      e.preventDefault();
      void navigate({ href });
    },
    // Intent (pointer over an empty cell, focus on it) fetches the entry form's route, as <Link> did.
    onIntent: (e: { target: EventTarget }) => {
      if (preloaded || !cellOf(e.target)?.classList.contains("is-empty")) return;
      setPreloaded(true);
      void router.preloadRoute({ to: "/worksheet/add" }).catch(() => undefined);
    },
  };
}

function rowHead(row: TWeekRow) {
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

const todayClass = (d: Day) => (d.today ? "is-today" : undefined);

const WeekTable = memo(function WeekTable({ data, days, highlight }: { data: TWorksheetWeek; days: Day[]; highlight?: ReadonlySet<string> | undefined }) {
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

function WeekDay({
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
