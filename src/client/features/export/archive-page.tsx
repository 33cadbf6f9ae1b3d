import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { effectiveMode, visibleModes } from '../../../shared/permissions';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/spinner';
import { useAccountInfo } from '../../lib/account';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { usePagedWorksheet } from '../worksheet/paged-list';
import { PrintHeader, usePrintSheet } from '../worksheet/print-sheet';
import { WorksheetTotal } from '../worksheet/entries-totals';
import { WorksheetEntries } from '../worksheet/worksheet-entries';
import { errorMessage } from '../../lib/errors';
import { DownloadButton } from './download-button';
import { BatchPanel } from './batch-panel';
import './export.css';

const route = getRouteApi('/_app/archive');

const tabLabel: Record<Mode, () => string> = { YOURS: m.exp_tab_yours, TEAM: m.exp_tab_team, ALL: m.exp_tab_all };

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's time zone, YYYY-MM-DD. */
export const todayIso = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
/** 1 January of the current year (spec §9: the archive's default From date). */
export const startOfYearIso = (now = new Date()) => `${now.getFullYear()}-01-01`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string | undefined): v is string => v !== undefined && ISO_DATE.test(v);

/**
 * Spec §2 archive: the exported entries, in the same tabs as the worksheet, filtered by From/To date
 * (default 1 January – today), customer and job; every change reloads (the filters live in the URL).
 * The list is the worksheet's table/cards without approve/edit/delete; it renders day cards in steps
 * while scrolling, so a whole year stays quick. The download button offers a plain download only.
 */
export function ArchivePage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/archive' });
  const info = useAccountInfo();
  const modes = visibleModes(info.profileType);
  const mode: Mode = effectiveMode(info.profileType, search.mode) ?? 'YOURS';

  const from = validDate(search.from) ? search.from : startOfYearIso();
  const to = validDate(search.to) ? search.to : todayIso();
  const customerNo = search.customerNo ?? '';
  const jobCode = search.jobCode ?? '';
  // An export batch (issue 24): its entries whatever their dates.
  const batchId = search.batchId && /^\d{1,9}$/.test(search.batchId) ? Number(search.batchId) : null;
  const canBatches = info.profileType === 'Teamleader' || info.profileType === 'Admin';

  // Paged on the server (issue 9): the first page, then the next ones as the user scrolls.
  const { query: list, paged } = usePagedWorksheet(
    batchId !== null
      ? { mode, exported: true, batchId, customerNo: customerNo || undefined, jobCode: jobCode || undefined }
      : { mode, exported: true, from, to, customerNo: customerNo || undefined, jobCode: jobCode || undefined },
    { enabled: batchId !== null || from <= to, keepPrevious: true },
  );
  const customers = trpc.customer.search.useQuery({}, { staleTime: 5 * 60_000 });
  const jobs = trpc.job.search.useQuery(customerNo ? { customerNo } : {}, { staleTime: 5 * 60_000 });

  const groups = paged.groups;
  // The download covers the list's whole filter, not the loaded pages (issue 38, decision 0310).
  const downloadSelection = useMemo(
    () =>
      batchId !== null
        ? { mode, batchId, customerNo: customerNo || undefined, jobCode: jobCode || undefined }
        : { mode, from, to, customerNo: customerNo || undefined, jobCode: jobCode || undefined },
    [mode, batchId, from, to, customerNo, jobCode],
  );
  const selection = paged.totals?.entries ?? paged.loaded;
  // Ctrl+P reloads, then prints every loaded entry as the table (decision 0170).
  const utils = trpc.useUtils();
  const { printing } = usePrintSheet(() => Promise.all([list.refetch(), utils.worksheet.totals.invalidate()]));

  /** Writes filters into the URL (replace: the back button leaves the archive, not each filter). */
  const setFilters = (next: Partial<Record<'from' | 'to' | 'customerNo' | 'jobCode' | 'batchId', string>>) => {
    void navigate({
      search: (prev) => ({ ...prev, ...Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v === '' ? undefined : v])) }),
      replace: true,
    });
  };

  return (
    <div className={list.isFetching && !list.isLoading && !printing ? 'exp-archive ws-sheet is-refreshing' : 'exp-archive ws-sheet'}>
      <PageHeader
        title={m.menu_archive()}
        subtitle={m.exp_archive_subtitle()}
        actions={<DownloadButton selection={downloadSelection} archive onPeriodChange={(p) => setFilters({ from: p.from ?? '', to: p.to ?? '' })} />}
      />
      {modes.length > 1 && (
        <nav className="ws-tabs" aria-label={m.exp_tabs_label()}>
          {modes.map((t) => (
            <Link
              key={t}
              to="/archive"
              search={(prev) => ({ ...prev, mode: t === 'YOURS' ? undefined : t })}
              className={t === mode ? 'ws-tab is-active' : 'ws-tab'}
              aria-current={t === mode ? 'page' : undefined}
            >
              {tabLabel[t]()}
            </Link>
          ))}
        </nav>
      )}
      <PrintHeader title={m.menu_archive()} view={tabLabel[mode]()} from={from} to={to} loadedAt={list.dataUpdatedAt} />
      <Filters
        from={from}
        to={to}
        customerNo={customerNo}
        jobCode={jobCode}
        customers={customers.data ?? []}
        jobs={jobs.data ?? []}
        datesDisabled={batchId !== null}
        onChange={setFilters}
      />
      {canBatches && <BatchPanel batchId={batchId} onChange={(id) => setFilters({ batchId: id === null ? '' : String(id) })} />}
      {list.isLoading ? (
        <PageSpinner label={m.exp_loading()} />
      ) : list.error ? (
        <p className="form-error" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : (
        <>
          {/* The total card shows the count; screen readers hear it change with the filters. */}
          <p className="visually-hidden" role="status" aria-live="polite">
            {list.isFetching ? m.exp_loading() : m.exp_archive_count({ count: formatNumber(selection) })}
          </p>
          <WorksheetTotal groups={groups} totals={paged.totals} />
          <WorksheetEntries
            groups={groups}
            mode={mode}
            archive
            emptyText={m.exp_archive_empty()}
            showAll={printing}
            forceTable={printing}
            paging={{ hasMore: paged.hasMore, loadMore: paged.loadMore, isFetchingMore: paged.isFetchingMore, total: selection }}
          />
        </>
      )}
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

interface FiltersProps {
  from: string;
  to: string;
  customerNo: string;
  jobCode: string;
  customers: ReadonlyArray<{ no: string; name: string }>;
  jobs: ReadonlyArray<{ code: string; description: string | null; billToCustomerNo: string }>;
  /** A batch is chosen: its entries whatever their dates (the period does not apply). */
  datesDisabled?: boolean;
  onChange: (next: Partial<Record<'from' | 'to' | 'customerNo' | 'jobCode', string>>) => void;
}

function Filters({ from, to, customerNo, jobCode, customers, jobs, datesDisabled, onChange }: FiltersProps) {
  // The date inputs keep what is typed; the URL (and the list) follow only valid, ordered dates.
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  useEffect(() => setFromText(from), [from]);
  useEffect(() => setToText(to), [to]);

  // The code first: a select cuts a long label at its right edge, and the code is what tells two
  // records apart (issue 10 §11: "(C2000)" was cut at 1366 px). The whole label is the title.
  const customerOptions: Option[] = customers.map((c) => ({ value: c.no, label: c.name ? `${c.no} · ${c.name}` : c.no }));
  const jobOptions: Option[] = jobs.map((j) => ({ value: j.code, label: j.description ? `${j.code} · ${j.description}` : j.code }));
  // A filter value that is not (or no longer) among the active records still shows.
  if (customerNo && !customerOptions.some((o) => o.value === customerNo)) customerOptions.unshift({ value: customerNo, label: customerNo });
  if (jobCode && !jobOptions.some((o) => o.value === jobCode)) jobOptions.unshift({ value: jobCode, label: jobCode });

  return (
    <form className="card exp-filters" aria-label={m.exp_filters_label()} onSubmit={(e) => e.preventDefault()}>
      <DateField
        label={m.exp_filter_from()}
        name="from"
        disabled={datesDisabled}
        value={fromText}
        max={toText}
        onChange={(v) => {
          setFromText(v);
          if (validDate(v) && v <= to) onChange({ from: v });
        }}
      />
      <DateField
        label={m.exp_filter_to()}
        name="to"
        disabled={datesDisabled}
        value={toText}
        min={fromText}
        onChange={(v) => {
          setToText(v);
          if (validDate(v) && v >= from) onChange({ to: v });
        }}
      />
      <SelectField
        className="exp-filters__wide"
        label={m.exp_filter_customer()}
        name="customerNo"
        value={customerNo}
        allLabel={m.exp_filter_all_customers()}
        options={customerOptions}
        onChange={(v) => {
          // A job billed to another customer would find nothing: let go of it.
          const job = jobs.find((j) => j.code === jobCode);
          onChange(v && job && job.billToCustomerNo !== v ? { customerNo: v, jobCode: '' } : { customerNo: v });
        }}
      />
      <SelectField
        className="exp-filters__wide"
        label={m.exp_filter_job()}
        name="jobCode"
        value={jobCode}
        allLabel={m.exp_filter_all_jobs()}
        options={jobOptions}
        onChange={(v) => onChange({ jobCode: v })}
      />
    </form>
  );
}

function DateField({
  label,
  name,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  min?: string;
  max?: string;
  disabled?: boolean | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const invalid = validDate(value) && ((min !== undefined && validDate(min) && value < min) || (max !== undefined && validDate(max) && value > max));
  return (
    <div className={invalid ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          name={name}
          type="date"
          className="input"
          value={value}
          disabled={disabled}
          min={min}
          max={max}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field__error">
          {m.exp_err_date_range()}
        </p>
      )}
    </div>
  );
}

function SelectField({
  label,
  name,
  value,
  allLabel,
  options,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: string;
  allLabel: string;
  options: Option[];
  onChange: (v: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select id={id} name={name} className="input" value={value} title={options.find((o) => o.value === value)?.label ?? allLabel} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
