import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { visibleModes } from '../../../shared/permissions';
import type { Mode } from '../../../shared/limits';
import { REPORT_GROUPS, REPORT_MEASURES, REPORT_SOURCES, REPORT_STATUSES, type ReportGroup, type ReportMeasure } from '../../../shared/schemas/report-names';
import type { TReport, TReportLine } from '../../../shared/schemas/report';
import { Button, buttonClass } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { useAccountInfo } from '../../lib/account';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { todayIso } from '../worksheet/ws-data';
import { weekRange } from '../worksheet/list-filters';
import type { ReportSearch } from './report-search';
import { GROUP_NAME, hoursText, keyText } from './report-text';
import './reports.css';

const route = getRouteApi('/_app/reports');
/** The charts and their library come as a chunk of their own, after the table (issue 26). */
const ReportChart = lazy(() => import('./report-chart'));

const MEASURE_NAME: Record<ReportMeasure, () => string> = {
  hours: m.rep_measure_hours,
  quantity: m.rep_measure_quantity,
  entries: m.rep_measure_entries,
  approved: m.rep_measure_approved,
  exported: m.rep_measure_exported,
};
const STATUS_NAME = { any: m.rep_status_any, approved: m.rep_status_approved, unapproved: m.rep_status_unapproved };
const SOURCE_NAME = { both: m.rep_source_both, worksheet: m.rep_source_worksheet, archive: m.rep_source_archive };
const MODE_NAME: Record<Mode, () => string> = { YOURS: m.rep_scope_yours, TEAM: m.rep_scope_team, ALL: m.rep_scope_all };

const DEFAULT_MEASURES: ReportMeasure[] = ['hours', 'entries', 'approved'];
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
function monthEnd(date: string): string {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).toISOString().slice(0, 10);
}

const shareText = (n: number) => formatNumber(n, { style: 'percent', maximumFractionDigits: 0 });

interface Column {
  id: string;
  header: string;
  numeric: boolean;
  /** the sort value */
  value: (l: TReportLine) => string | number;
  cell: (l: TReportLine, kind: 'row' | 'subtotal' | 'total') => string;
  /** the second line of a key cell (job description, customer name …) */
  sub?: (l: TReportLine) => string | null;
}

function columns(report: TReport): Column[] {
  const cols: Column[] = report.groups.map((g, i) => ({
    id: `g${i}`,
    header: GROUP_NAME[g](),
    numeric: false,
    value: (l) => l.keys[i] ?? '',
    cell: (l, kind) => (kind === 'total' ? (i === 0 ? m.rep_total() : '') : kind === 'subtotal' && i === 1 ? m.rep_subtotal() : keyText(g, l.keys[i] ?? null)),
    sub: (l) => l.labels[i] ?? null,
  }));
  const has = (x: ReportMeasure) => report.measures.includes(x);
  if (has('hours')) cols.push({ id: 'hours', header: m.rep_col_hours(), numeric: true, value: (l) => l.hours ?? 0, cell: (l) => hoursText(l.hours ?? 0) });
  if (has('quantity'))
    for (const u of report.units) {
      const q = (l: TReportLine) => l.quantities?.find((x) => x.code === u.code)?.quantity ?? 0;
      cols.push({ id: `q:${u.code}`, header: u.label === u.code ? u.code : `${u.label} (${u.code})`, numeric: true, value: q, cell: (l) => hoursText(q(l)) });
    }
  if (has('entries')) cols.push({ id: 'entries', header: m.rep_col_entries(), numeric: true, value: (l) => l.entries ?? 0, cell: (l) => formatNumber(l.entries ?? 0) });
  if (has('approved'))
    cols.push({ id: 'approved', header: m.rep_measure_approved(), numeric: true, value: (l) => l.approvedShare ?? 0, cell: (l) => shareText(l.approvedShare ?? 0) });
  if (has('exported'))
    cols.push({ id: 'exported', header: m.rep_measure_exported(), numeric: true, value: (l) => l.exportedShare ?? 0, cell: (l) => shareText(l.exportedShare ?? 0) });
  return cols;
}

interface Sort {
  col: string;
  dir: 'asc' | 'desc';
}

function compare(col: Column, dir: Sort['dir']) {
  return (a: TReportLine, b: TReportLine) => {
    const x = col.value(a);
    const y = col.value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return dir === 'asc' ? c : -c;
  };
}

/** The lines in display order: with two levels each first-level block, sorted, then its subtotal. */
function orderedLines(report: TReport, cols: Column[], sort: Sort): Array<[TReportLine, 'row' | 'subtotal']> {
  const col = cols.find((c) => c.id === sort.col) ?? cols[0]!;
  if (report.groups.length < 2) return [...report.rows].sort(compare(col, sort.dir)).map((l) => [l, 'row']);
  // Blocks follow the sort column: a measure by the subtotal's value, the second level by the first level's key.
  const blockCol = col.id === 'g1' ? cols[0]! : col;
  const blocks = [...report.subtotals].sort(compare(blockCol, col.id === 'g1' ? 'asc' : sort.dir));
  const out: Array<[TReportLine, 'row' | 'subtotal']> = [];
  for (const s of blocks) {
    const rows = report.rows.filter((r) => r.keys[0] === s.keys[0]).sort(compare(col.id === 'g0' ? cols[1]! : col, col.id === 'g0' ? 'asc' : sort.dir));
    for (const r of rows) out.push([r, 'row']);
    out.push([s, 'subtotal']);
  }
  return out;
}

function ReportTable({ report }: { report: TReport }) {
  const cols = useMemo(() => columns(report), [report]);
  const [sort, setSort] = useState<Sort>({ col: 'g0', dir: 'asc' });
  const lines = orderedLines(report, cols, sort);
  const toggle = (id: string, numeric: boolean) => setSort((s) => (s.col === id ? { col: id, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { col: id, dir: numeric ? 'desc' : 'asc' }));
  const caption = m.rep_table_caption({ from: formatDate(report.from), to: formatDate(report.to), groups: report.groups.map((g) => GROUP_NAME[g]()).join(' › ') });
  return (
    <div className="rep-table-wrap">
      <div className="rep-sort-phone">
        <label htmlFor="rep-sort">{m.rep_sort_by({ column: '' }).trim()}</label>
        <select
          id="rep-sort"
          className="input"
          value={`${sort.col}:${sort.dir}`}
          onChange={(e) => {
            const [col, dir] = e.target.value.split(':') as [string, Sort['dir']];
            setSort({ col, dir });
          }}
        >
          {cols.flatMap((c) => [
            <option key={`${c.id}:asc`} value={`${c.id}:asc`}>{`${c.header} ↑`}</option>,
            <option key={`${c.id}:desc`} value={`${c.id}:desc`}>{`${c.header} ↓`}</option>,
          ])}
        </select>
      </div>
      <table className="rep-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={sort.col === c.id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                <button type="button" className="rep-sort" onClick={() => toggle(c.id, c.numeric)} aria-label={m.rep_sort_by({ column: c.header })}>
                  {c.header}
                  <span aria-hidden="true" className="rep-sort__mark">
                    {sort.col === c.id ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map(([l, kind]) => (
            <tr key={`${kind}:${JSON.stringify(l.keys)}`} className={kind === 'subtotal' ? 'rep-subtotal' : undefined}>
              {cols.map((c, i) => {
                const text = c.cell(l, kind);
                const sub = kind === 'row' && c.sub ? c.sub(l) : null;
                const Cell = i === 0 ? 'th' : 'td';
                return (
                  <Cell key={c.id} scope={i === 0 ? 'row' : undefined} className={c.numeric ? 'num' : undefined} data-label={c.header}>
                    {text}
                    {sub && <span className="rep-sub">{sub}</span>}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="rep-total">
            {cols.map((c, i) => {
              const Cell = i === 0 ? 'th' : 'td';
              return (
                <Cell key={c.id} scope={i === 0 ? 'row' : undefined} className={c.numeric ? 'num' : undefined} data-label={c.header}>
                  {c.cell(report.total, 'total')}
                </Cell>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

type Draft = Required<Pick<ReportSearch, 'from' | 'to'>> & Omit<ReportSearch, 'from' | 'to'>;

/** Issue 38 §3: the periods people ask for most, one click each. */
const PRESETS = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'thisYear'] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_NAME: Record<Preset, () => string> = {
  thisWeek: m.rep_preset_this_week,
  lastWeek: m.rep_preset_last_week,
  thisMonth: m.rep_preset_this_month,
  lastMonth: m.rep_preset_last_month,
  thisYear: m.rep_preset_this_year,
};

/** The period of a preset, in the browser's calendar (weeks from Monday). */
export function presetRange(name: Preset, now: Date): { from: string; to: string } {
  const today = todayIso(now);
  switch (name) {
    case 'thisWeek':
      return weekRange(0, now);
    case 'lastWeek':
      return weekRange(-1, now);
    case 'thisMonth':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'lastMonth': {
      const first = monthStart(today);
      const prev = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
      return { from: prev, to: monthEnd(prev) };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

const presetActive = (name: Preset, from: string, to: string) => {
  const r = presetRange(name, new Date());
  return r.from === from && r.to === to;
};

/** Issue 26: the Reports page — pickers, filters in the URL, a chart, the table, downloads and print. */
export function ReportsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const info = useAccountInfo();
  const today = todayIso();
  const from = search.from ?? monthStart(search.to ?? today);
  const to = search.to ?? monthEnd(from);
  const group = search.group ?? ['job'];
  const measures = search.measures ?? DEFAULT_MEASURES;
  const modes = visibleModes(info.profileType);
  const input = {
    group,
    measures,
    from,
    to,
    ...(search.mode ? { mode: search.mode } : {}),
    ...(search.person ? { person: search.person } : {}),
    ...(search.customerNo ? { customerNo: search.customerNo } : {}),
    ...(search.jobCode ? { jobCode: search.jobCode } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.source ? { source: search.source } : {}),
  };
  const query = trpc.report.get.useQuery(input, { placeholderData: (prev) => prev, retry: false });
  const users = trpc.worksheet.weekUsers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [first = 'job', second] = group;
  const chosen = new Set<ReportMeasure>(measures);

  const setMeasure = (name: ReportMeasure, on: boolean) => {
    const next = REPORT_MEASURES.filter((x) => (x === name ? on : chosen.has(x)));
    go({ measures: next.length ? next : ['hours'] });
  };

  const [draft, setDraft] = useState<Draft>({ ...search, from, to });
  const [draftFor, setDraftFor] = useState(search);
  if (draftFor !== search) {
    // The URL changed (back, a shared link, a picker): the filter fields show it again.
    setDraftFor(search);
    setDraft({ ...search, from, to });
  }
  /** The filter fields as the URL holds them. */
  const applied = (d: Draft): Partial<ReportSearch> => ({
    from: d.from || from,
    to: d.to || to,
    mode: d.mode,
    person: d.person || undefined,
    customerNo: d.customerNo?.trim().toUpperCase() || undefined,
    jobCode: d.jobCode?.trim().toUpperCase() || undefined,
    status: d.status && d.status !== 'any' ? d.status : undefined,
    source: d.source && d.source !== 'both' ? d.source : undefined,
  });
  // Issue 38 §3: every picker applies what is typed in the filter fields too, so a typed period is
  // never dropped by a change of grouping or measures (the URL is the one place the report lives).
  const go = (patch: Partial<ReportSearch>, d: Draft = draft) => void navigate({ search: (prev) => ({ ...prev, ...applied(d), ...patch }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({});
  };
  const preset = (name: Preset) => {
    const period = presetRange(name, new Date());
    const next = { ...draft, ...period };
    setDraft(next);
    go(period, next);
  };

  // REST's query form: the lists comma-separated.
  const fileUrl = (format: 'xlsx' | 'csv') => `/api/report/download?${new URLSearchParams(Object.entries({ ...input, format }).map(([k, v]) => [k, String(v)])).toString()}`;
  const report = query.data;
  const empty = report !== undefined && report.rows.length === 0;

  return (
    <div className="rep">
      <PageHeader
        title={m.rep_title()}
        actions={
          <div className="rep-actions">
            <a className={buttonClass('secondary')} href={fileUrl('xlsx')} download>
              {m.rep_download_xlsx()}
            </a>
            <a className={buttonClass('secondary')} href={fileUrl('csv')} download>
              {m.rep_download_csv()}
            </a>
            <Button onClick={() => window.print()}>{m.rep_print()}</Button>
          </div>
        }
      />
      <form className="rep-form card" onSubmit={submit} aria-label={m.rep_filters()}>
        <fieldset className="rep-fieldset">
          <legend>{m.rep_grouping()}</legend>
          <div className="rep-row">
            <div className="field">
              <label className="field__label" htmlFor="rep-group1">
                {m.rep_group_by()}
              </label>
              <select
                id="rep-group1"
                className="input"
                value={first}
                onChange={(e) => {
                  const g = e.target.value as ReportGroup;
                  go({ group: second && second !== g ? [g, second] : [g] });
                }}
              >
                {REPORT_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {GROUP_NAME[g]()}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="rep-group2">
                {m.rep_then_by()}
              </label>
              <select id="rep-group2" className="input" value={second ?? ''} onChange={(e) => go({ group: e.target.value ? [first, e.target.value as ReportGroup] : [first] })}>
                <option value="">{m.rep_none()}</option>
                {REPORT_GROUPS.filter((g) => g !== first).map((g) => (
                  <option key={g} value={g}>
                    {GROUP_NAME[g]()}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <fieldset className="rep-fieldset">
          <legend>{m.rep_measures()}</legend>
          <div className="rep-checks">
            {REPORT_MEASURES.map((x) => (
              <label key={x} className="rep-check">
                <input type="checkbox" checked={chosen.has(x)} onChange={(e) => setMeasure(x, e.target.checked)} />
                {MEASURE_NAME[x]()}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="rep-fieldset">
          <legend>{m.rep_filters()}</legend>
          <div className="rep-row">
            <div className="field">
              <label className="field__label" htmlFor="rep-from">
                {m.rep_from()}
              </label>
              <input id="rep-from" className="input" type="date" required value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="rep-to">
                {m.rep_to()}
              </label>
              <input id="rep-to" className="input" type="date" required value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </div>
            {modes.length > 1 && (
              <div className="field">
                <label className="field__label" htmlFor="rep-mode">
                  {m.rep_scope()}
                </label>
                <select
                  id="rep-mode"
                  className="input"
                  value={draft.mode ?? report?.mode ?? modes[modes.length - 1]}
                  onChange={(e) => setDraft({ ...draft, mode: e.target.value as Mode })}
                >
                  {modes.map((x) => (
                    <option key={x} value={x}>
                      {MODE_NAME[x]()}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {(users.data?.length ?? 0) > 1 && (
              <div className="field">
                <label className="field__label" htmlFor="rep-person">
                  {m.rep_person()}
                </label>
                <select id="rep-person" className="input" value={draft.person ?? ''} onChange={(e) => setDraft({ ...draft, person: e.target.value })}>
                  <option value="">{m.rep_status_any()}</option>
                  {users.data?.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label className="field__label" htmlFor="rep-customer">
                {m.rep_customer()}
              </label>
              <input id="rep-customer" className="input" value={draft.customerNo ?? ''} maxLength={20} onChange={(e) => setDraft({ ...draft, customerNo: e.target.value })} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="rep-job">
                {m.rep_job()}
              </label>
              <input id="rep-job" className="input" value={draft.jobCode ?? ''} maxLength={20} onChange={(e) => setDraft({ ...draft, jobCode: e.target.value })} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="rep-status">
                {m.rep_status()}
              </label>
              <select
                id="rep-status"
                className="input"
                value={draft.status ?? 'any'}
                onChange={(e) => setDraft({ ...draft, status: REPORT_STATUSES.find((x) => x === e.target.value) })}
              >
                {REPORT_STATUSES.map((x) => (
                  <option key={x} value={x}>
                    {STATUS_NAME[x]()}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="rep-source">
                {m.rep_source()}
              </label>
              <select
                id="rep-source"
                className="input"
                value={draft.source ?? 'both'}
                onChange={(e) => setDraft({ ...draft, source: REPORT_SOURCES.find((x) => x === e.target.value) })}
              >
                {REPORT_SOURCES.map((x) => (
                  <option key={x} value={x}>
                    {SOURCE_NAME[x]()}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="rep-presets" role="group" aria-label={m.rep_presets()}>
            {PRESETS.map((p) => (
              <Button key={p} variant="secondary" className="rep-preset" aria-pressed={presetActive(p, from, to)} onClick={() => preset(p)}>
                {PRESET_NAME[p]()}
              </Button>
            ))}
          </div>
          <Button type="submit" variant="primary">
            {m.rep_apply()}
          </Button>
        </fieldset>
      </form>

      {query.error && (
        <p className="rep-error" role="alert">
          {errorMessage(query.error)}
        </p>
      )}
      {!report && !query.error && <p aria-live="polite">{m.rep_loading()}</p>}
      {empty && <p className="rep-empty">{m.rep_no_rows()}</p>}
      {report && !empty && (
        <>
          <section className="rep-chart card" aria-labelledby="rep-chart-title">
            <h2 id="rep-chart-title" className="rep-h2">
              {m.rep_chart_title()}
            </h2>
            {report.measures.includes('hours') ? (
              <Suspense fallback={<div className="rep-chart__box" />}>
                <ReportChart report={report} />
              </Suspense>
            ) : (
              <p>{m.rep_chart_none()}</p>
            )}
          </section>
          <ReportTable report={report} />
        </>
      )}
    </div>
  );
}
