import { DateInput } from '../../components/date-input';
import { useId, useState, type FormEvent } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { TListTotals } from '../../../shared/paging';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { FILTER_KEYS, hasFilters, weekRange, type FilterKey, type ListFilters } from './list-filters';
import { unitTotalText } from './unit-words';
import { useCustomerSearch, useJobSearch } from './ws-data';
import { SubmissionFilter } from './week-submit-reminder';

export interface ListFilterBarProps {
  mode: Mode;
  filters: ListFilters;
  /** replace the filters (the caller writes them to the URL) */
  onChange: (next: ListFilters) => void;
  totals: TListTotals | null;
  showCustomer: boolean;
}

const label: Record<FilterKey, () => string> = {
  person: m.ws_filter_person,
  customer: m.ws_filter_customer,
  job: m.ws_filter_job,
  from: m.ws_filter_from,
  to: m.ws_filter_to,
  status: m.ws_filter_status,
  submission: m.wsub_filter_label,
};

function valueText(key: FilterKey, f: ListFilters): string {
  const v = f[key] ?? '';
  if (key === 'from' || key === 'to') return formatDate(v, { day: 'numeric', month: 'short', year: 'numeric' });
  if (key === 'submission') return v === 'submitted' ? m.wsub_filter_submitted() : m.wsub_filter_not_submitted();
  if (key === 'status') return v === 'approved' ? m.ws_status_approved() : v === 'returned' ? m.ws_status_returned() : m.ws_status_not_approved();
  return v;
}

/**
 * Issue 23 §1: the filters of the list (person on Team and All, customer, job, from/to with "this
 * week" / "last week", status), and the active ones as removable chips with the count of matching
 * entries and their totals. Every change goes to the URL, so reload and back/forward keep it.
 */
export function ListFilterBar({ mode, filters, onChange, totals, showCustomer }: ListFilterBarProps) {
  const id = useId();
  const people = trpc.worksheet.weekUsers.useQuery(undefined, { enabled: mode !== 'YOURS', staleTime: 60_000 });
  const [customer, setCustomer] = useState(filters.customer ?? '');
  const [job, setJob] = useState(filters.job ?? '');
  // The suggestions are asked for once their box is first used, not with the page (issue 25 §4:
  // two calls and a hundred options at the home page's first paint on a phone).
  const [suggest, setSuggest] = useState<{ customers?: true; jobs?: true }>({});
  const customers = useCustomerSearch(customer, '', showCustomer && suggest.customers === true);
  const jobs = useJobSearch(job, '', suggest.jobs === true);
  // The text boxes follow the URL (a chip removed, back/forward).
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setCustomer(filters.customer ?? '');
    setJob(filters.job ?? '');
  }
  const set = (patch: Partial<ListFilters>) => {
    const next: ListFilters = { ...filters, ...patch };
    for (const k of FILTER_KEYS) if (next[k] === undefined || next[k] === '') delete next[k];
    if (next.from && next.to && next.from > next.to) delete next.to;
    onChange(next);
  };
  const submitText = (e: FormEvent) => {
    e.preventDefault();
    set({ customer: customer.trim() || undefined, job: job.trim() || undefined });
  };
  const active = FILTER_KEYS.filter((k) => filters[k] !== undefined);
  const week = weekRange(0);
  const previous = weekRange(-1);

  return (
    <section className="ws-filters" aria-label={m.ws_filter_label()}>
      <form className="ws-filters__form" onSubmit={submitText}>
        {mode !== 'YOURS' && (
          <label className="ws-filter">
            <span className="ws-filter__label">{m.ws_filter_person()}</span>
            <span className="visually-hidden">{m.ws_filter_suffix()}</span>
            <select className="input" value={filters.person ?? ''} onChange={(e) => set({ person: e.target.value || undefined })}>
              <option value="">{m.ws_filter_anyone()}</option>
              {filters.person && !(people.data ?? []).some((u) => u.toLowerCase() === filters.person!.toLowerCase()) && <option value={filters.person}>{filters.person}</option>}
              {(people.data ?? []).map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        )}
        {showCustomer && (
          <label className="ws-filter">
            <span className="ws-filter__label">{m.ws_filter_customer()}</span>
            <span className="visually-hidden">{m.ws_filter_suffix()}</span>
            <input
              className="input"
              value={customer}
              list={`${id}-customers`}
              placeholder={m.ws_filter_any()}
              onFocus={() => setSuggest((s) => (s.customers ? s : { ...s, customers: true }))}
              onChange={(e) => setCustomer(e.target.value)}
              onBlur={() => customer.trim() !== (filters.customer ?? '') && set({ customer: customer.trim() || undefined })}
              autoComplete="off"
            />
            <datalist id={`${id}-customers`}>
              {(customers.data ?? []).map((c) => (
                <option key={c.no} value={c.no}>
                  {c.name}
                </option>
              ))}
            </datalist>
          </label>
        )}
        <label className="ws-filter">
          <span className="ws-filter__label">{m.ws_filter_job()}</span>
          <span className="visually-hidden">{m.ws_filter_suffix()}</span>
          <input
            className="input"
            value={job}
            list={`${id}-jobs`}
            placeholder={m.ws_filter_any()}
            onFocus={() => setSuggest((s) => (s.jobs ? s : { ...s, jobs: true }))}
            onChange={(e) => setJob(e.target.value)}
            onBlur={() => job.trim() !== (filters.job ?? '') && set({ job: job.trim() || undefined })}
            autoComplete="off"
          />
          <datalist id={`${id}-jobs`}>
            {(jobs.data ?? []).map((j) => (
              <option key={j.code} value={j.code}>
                {j.description}
              </option>
            ))}
          </datalist>
        </label>
        <label className="ws-filter ws-filter--date">
          <span className="ws-filter__label">{m.ws_filter_from()}</span>
          <span className="visually-hidden">{m.ws_filter_suffix()}</span>
          <DateInput className="input" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label className="ws-filter ws-filter--date">
          <span className="ws-filter__label">{m.ws_filter_to()}</span>
          <span className="visually-hidden">{m.ws_filter_suffix()}</span>
          <DateInput className="input" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
        <label className="ws-filter">
          <span className="ws-filter__label">{m.ws_filter_status()}</span>
          <span className="visually-hidden">{m.ws_filter_suffix()}</span>
          <select
            className="input"
            value={filters.status ?? 'all'}
            onChange={(e) => set({ status: e.target.value === 'all' ? undefined : (e.target.value as ListFilters['status']) })}
          >
            <option value="all">{m.ws_status_all()}</option>
            <option value="notApproved">{m.ws_status_not_approved()}</option>
            <option value="approved">{m.ws_status_approved()}</option>
            <option value="returned">{m.ws_status_returned()}</option>
          </select>
        </label>
        {mode !== 'YOURS' && <SubmissionFilter value={filters.submission} onChange={(submission) => set({ submission })} />}
        <div className="ws-filter ws-filter--quick">
          <button type="button" className="btn btn--ghost" aria-pressed={filters.from === week.from && filters.to === week.to} onClick={() => set(week)}>
            {m.ws_filter_this_week()}
          </button>
          <button type="button" className="btn btn--ghost" aria-pressed={filters.from === previous.from && filters.to === previous.to} onClick={() => set(previous)}>
            {m.ws_filter_last_week()}
          </button>
        </div>
        {/* Enter in a text box applies it. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
      {hasFilters(filters) && (
        <div className="ws-chips">
          <ul className="ws-chips__list">
            {active.map((k) => (
              <li key={k}>
                <button
                  type="button"
                  className="ws-chip"
                  onClick={() => set({ [k]: undefined })}
                  aria-label={m.ws_filter_remove({ label: `${label[k]()}: ${valueText(k, filters)}` })}
                >
                  <span className="ws-chip__key">{label[k]()}:</span> <span className="ws-chip__value">{valueText(k, filters)}</span>
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <p className="ws-chips__total" aria-live="polite">
            {totals && (
              <>
                {m.ws_filter_matching()}: <strong>{m.ws_n_entries({ count: formatNumber(totals.entries) })}</strong>
                {totals.units.map((u) => (
                  <span key={u.code}> · {unitTotalText(u.total, u.code, u.label)}</span>
                ))}
              </>
            )}
          </p>
          <button type="button" className="btn btn--ghost ws-chips__clear" onClick={() => onChange({})}>
            {m.ws_filter_clear()}
          </button>
        </div>
      )}
    </section>
  );
}
