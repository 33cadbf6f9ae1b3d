import { APPROVAL_FILTERS, DATE_MAX, DATE_MIN, MAX, SUBMISSION_FILTERS, type ApprovalFilter, type SubmissionFilter } from '../../../shared/limits';

/*
 * Issue 23 §1: the list filters of the worksheet home, kept in the URL
 * (?person=&customer=&job=&from=&to=&status=&submission=). Parsed here without zod: zod stays off the home
 * page's first chunk (decisions 0172, 0185); the server checks the same values with the shared
 * zod schema (ZWorksheetListInput) and answers 400 naming the field, which the filter bar shows.
 * A value that cannot be right in shape (a bad date, an unknown status) counts as absent here, so
 * a hand-edited URL never sends a request the server must refuse for its shape.
 */

export interface ListFilters {
  person?: string;
  customer?: string;
  job?: string;
  from?: string;
  to?: string;
  status?: ApprovalFilter;
  /** issue 40 §2: the owner's week submitted / not */
  submission?: SubmissionFilter;
}

export const FILTER_KEYS = ['person', 'customer', 'job', 'from', 'to', 'status', 'submission'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** No control characters (the server refuses them on every code field). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function validDate(s: string): boolean {
  if (!ISO.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= DATE_MIN && s <= DATE_MAX;
}

const code = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' && v.trim().length <= max && !hasControl(v) ? v.trim() : undefined);

/** The filters of a search object (strings from the URL); anything malformed is left out. */
export function parseListFilters(raw: Record<string, unknown>): ListFilters {
  const out: ListFilters = {};
  const person = code(raw.person, MAX.username);
  if (person) out.person = person;
  const customer = code(raw.customer, MAX.customerNo);
  if (customer) out.customer = customer;
  const job = code(raw.job, MAX.jobCode);
  if (job) out.job = job;
  if (typeof raw.from === 'string' && validDate(raw.from)) out.from = raw.from;
  if (typeof raw.to === 'string' && validDate(raw.to)) out.to = raw.to;
  if (out.from && out.to && out.from > out.to) delete out.to;
  const status = APPROVAL_FILTERS.find((s) => s === raw.status);
  if (status && status !== 'all') out.status = status;
  const submission = SUBMISSION_FILTERS.find((v) => v === raw.submission);
  if (submission) out.submission = submission;
  return out;
}

/** The list procedure's input for these filters (names of GET /api/worksheet). */
export function filterInput(f: ListFilters) {
  return {
    ...(f.person ? { username: f.person } : {}),
    ...(f.customer ? { customerNo: f.customer } : {}),
    ...(f.job ? { jobCode: f.job } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.submission ? { submission: f.submission } : {}),
  };
}

export const hasFilters = (f: ListFilters) => FILTER_KEYS.some((k) => f[k] !== undefined);

/** Monday and Sunday (YYYY-MM-DD, local) of the week `offset` weeks from this one. */
export function weekRange(offset = 0, today = new Date()): { from: string; to: string } {
  const day = (today.getDay() + 6) % 7;
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - day + offset * 7);
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: iso(monday), to: iso(sunday) };
}
