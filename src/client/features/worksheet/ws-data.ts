import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UnitType } from '../../../shared/limits';
import { trpc } from '../../lib/trpc';

/*
 * The entry form's option lists come from the master-data search calls (spec §7 …/search). The
 * short lists (tasks of one job, units of measure of one unit) are loaded whole and filtered in
 * the browser; items, resources, customers, jobs, locations and work types are searched on the
 * server as the user types (below). They change rarely: kept for five minutes.
 */
const cached = { staleTime: 5 * 60_000 } as const;

export const useFormSettings = () => trpc.worksheet.formSettings.useQuery(undefined, { staleTime: 60_000 });
export const useJobTasks = (jobCode: string, enabled: boolean) => trpc.jobTask.search.useQuery({ jobCode }, { ...cached, enabled: enabled && jobCode !== '' });

/**
 * Items and resources can be tens of thousands (an ERP account: 20 000 items, 1.6 MB): their
 * picker asks the server as the user types (issue 9 point 4), at most PICKER_LIMIT matches, the
 * typed text debounced by PICKER_DEBOUNCE_MS; the previous matches stay shown while the next load.
 */
export const PICKER_LIMIT = 50;
export const PICKER_DEBOUNCE_MS = 200;

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = PICKER_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const searching = { ...cached, placeholderData: keepPreviousData } as const;

/** A picker's state from its search query: loading while the typed text settles or the next matches load. */
function pickerList<T>(list: { data?: T[] | undefined; isLoading: boolean; isPlaceholderData: boolean }, q: string, typed: string) {
  return { data: list.data, isLoading: list.isLoading || list.isPlaceholderData || q !== typed.trim(), limited: (list.data?.length ?? 0) >= PICKER_LIMIT };
}

/** The customer picker's matches; with a job, only its bill-to customer (spec §4). */
export function useCustomerSearch(typed: string, jobCode: string, enabled: boolean) {
  const q = useDebounced(typed.trim());
  const list = trpc.customer.search.useQuery({ q, limit: PICKER_LIMIT, ...(jobCode ? { jobCode } : {}) }, { ...searching, enabled });
  return pickerList(list, q, typed);
}

/** The job picker's matches; with a customer, only the jobs billed to it (spec §4). */
export function useJobSearch(typed: string, customerNo: string) {
  const q = useDebounced(typed.trim());
  const list = trpc.job.search.useQuery({ q, limit: PICKER_LIMIT, ...(customerNo ? { customerNo } : {}) }, searching);
  return pickerList(list, q, typed);
}

/** The work-type picker's matches (decision 0176: searched on the server like the others). */
export function useWorkTypeSearch(typed: string, enabled: boolean) {
  const q = useDebounced(typed.trim());
  const list = trpc.workType.search.useQuery({ q, limit: PICKER_LIMIT }, { ...searching, enabled });
  return pickerList(list, q, typed);
}

/** The chosen work type itself (label, forced unit of measure), by code; the exact code comes first. */
export function useWorkTypeLookup(code: string, enabled: boolean) {
  const list = trpc.workType.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: enabled && code !== '' });
  return list.data?.[0]?.code === code ? list.data[0] : undefined;
}

/** The location picker's matches. */
export function useLocationSearch(typed: string, enabled: boolean) {
  const q = useDebounced(typed.trim());
  const list = trpc.location.search.useQuery({ q, limit: PICKER_LIMIT }, { ...searching, enabled });
  return pickerList(list, q, typed);
}

/*
 * The chosen customer, job and location themselves (label; the job's bill-to customer), by code:
 * the search puts the exact code first, so one row answers it whatever else contains the code.
 */
export function useCustomerLookup(no: string, enabled: boolean) {
  const list = trpc.customer.search.useQuery({ q: no, limit: 1 }, { ...cached, enabled: enabled && no !== '' });
  return list.data?.[0]?.no === no ? list.data[0] : undefined;
}
export function useJobLookup(code: string) {
  const list = trpc.job.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: code !== '' });
  return list.data?.[0]?.code === code ? list.data[0] : undefined;
}
export function useLocationLookup(code: string, enabled: boolean) {
  const list = trpc.location.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: enabled && code !== '' });
  return list.data?.[0]?.code === code ? list.data[0] : undefined;
}

/**
 * Spec §4: after choosing a customer, a single remaining job is chosen. `customerNo` is the
 * customer just chosen ('' when none is pending); two rows tell whether exactly one job is billed
 * to it. Answers that job's code, null when there is not exactly one, undefined while loading.
 */
export function useSingleJobOf(customerNo: string): string | null | undefined {
  const list = trpc.job.search.useQuery({ q: '', limit: 2, customerNo }, { ...cached, enabled: customerNo !== '' });
  if (customerNo === '' || !list.data) return undefined;
  return list.data.length === 1 && list.data[0] ? list.data[0].code : null;
}

/** The unit picker's matches for the typed text (items or resources after the unit type). */
export function useUnitSearch(unitType: UnitType | '', typed: string) {
  const q = useDebounced(typed.trim());
  const input = { q, limit: PICKER_LIMIT };
  const items = trpc.item.search.useQuery(input, { ...searching, enabled: unitType === 'Item' });
  const resources = trpc.resource.search.useQuery(input, { ...searching, enabled: unitType === 'Resource' });
  const found = pickerList(unitType === 'Item' ? items : resources, q, typed);
  return unitType === '' ? { ...found, data: undefined } : found;
}

/**
 * The chosen unit itself (its description, and whether it is still active), by number: the search
 * puts the exact number first, so one row answers it whatever else contains the number.
 */
export function useUnitLookup(unitType: UnitType | '', unitNo: string) {
  const input = { q: unitNo, limit: 1 };
  const items = trpc.item.search.useQuery(input, { ...cached, enabled: unitType === 'Item' && unitNo !== '' });
  const resources = trpc.resource.search.useQuery(input, { ...cached, enabled: unitType === 'Resource' && unitNo !== '' });
  const list = unitType === 'Item' ? items : resources;
  const found = list.data?.[0]?.no === unitNo ? list.data[0] : undefined;
  return { unit: found, checked: list.data !== undefined && !list.isFetching, missing: list.data !== undefined && !found };
}
export const useUnitsOfMeasure = (unitType: UnitType | '', unitNo: string) =>
  trpc.unit.search.useQuery({ unitType: unitType || 'Item', unitNo }, { ...cached, enabled: unitType !== '' && unitNo !== '' });

/** Whether a media query matches, following changes (e.g. the entry form inline from 640 px). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = () => setMatches(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** 1 234 567 bytes → "1.2 MB" in the active locale. */
export function formatBytes(bytes: number, locale: string): string {
  const nf = (n: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${nf(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${nf(bytes / 1024, 0)} KB`;
  return `${nf(bytes / 1024 / 1024, 1)} MB`;
}
