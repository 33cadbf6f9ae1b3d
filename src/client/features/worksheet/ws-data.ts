import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UnitType } from '../../../shared/limits';
import { trpc } from '../../lib/trpc';
import { currentUserKey } from '../../offline/identity';
import { loadCopy, type MasterDataCopy } from '../../offline/master-data-store';
import { isUnreachable, useCopyQuery } from '../../offline/master-data-sync';
import { isOnline, useOnline } from '../../offline/online';
import { offlineCustomers, offlineJobs, offlineJobTasks, offlineLocations, offlineUnits, offlineUnitsOfMeasure, offlineWorkTypes } from '../../offline/offline-pickers';

/*
 * The entry form's option lists come from the master-data search calls (spec §7 …/search). The
 * short lists (tasks of one job, units of measure of one unit) are loaded whole and filtered in
 * the browser; items, resources, customers, jobs, locations and work types are searched on the
 * server as the user types (below). They change rarely: kept for five minutes.
 *
 * Offline (issue 14 §2): when the browser is offline or the server cannot be reached, every list
 * is answered from the copy of the master data on the device (src/client/offline), with the
 * same filters, so the spec §4 rules work the same.
 */
const cached = { staleTime: 5 * 60_000 } as const;

/** Whether a list comes from the offline copy: no network, or the server call got no answer. */
function useOffline(error: unknown): boolean {
  const online = useOnline();
  return !online || isUnreachable(error);
}

/** The server's answer, or the offline copy's when offline (null from the copy: none saved yet → empty). */
function either<T>(
  offline: boolean,
  server: { data?: T | undefined; isLoading: boolean; isPlaceholderData: boolean; isFetching?: boolean },
  local: { data?: T | null | undefined; isLoading: boolean; isPlaceholderData: boolean; isFetching?: boolean },
  empty: T,
) {
  if (!offline) return server;
  return { data: local.data === null ? empty : local.data, isLoading: local.isLoading, isPlaceholderData: local.isPlaceholderData, isFetching: local.isFetching ?? false };
}

export function useFormSettings() {
  const online = useOnline();
  const server = trpc.worksheet.formSettings.useQuery(undefined, { staleTime: 60_000, enabled: online });
  const offline = useOffline(server.error) && server.data === undefined;
  const local = useCopyQuery('formSettings', [], offline, (copy) => copy.formSettings);
  if (!offline) return { data: server.data, isLoading: server.isLoading, isError: server.isError, error: server.error };
  return { data: local.data ?? undefined, isLoading: local.isLoading, isError: false, error: null };
}
export function useJobTasks(jobCode: string, enabled: boolean) {
  const online = useOnline();
  const on = enabled && jobCode !== '';
  const server = trpc.jobTask.search.useQuery({ jobCode }, { ...cached, enabled: on && online });
  const offline = useOffline(server.error);
  const local = useCopyQuery('jobTasks', [jobCode], on && offline, (copy) => offlineJobTasks(copy.data, jobCode));
  return either(offline, server, local, []);
}

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
  const online = useOnline();
  const list = trpc.customer.search.useQuery({ q, limit: PICKER_LIMIT, ...(jobCode ? { jobCode } : {}) }, { ...searching, enabled: enabled && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('customers', [q, jobCode], enabled && offline, (copy) => offlineCustomers(copy.data, q, PICKER_LIMIT, jobCode));
  return pickerList(either(offline, list, local, []), q, typed);
}

/** The job picker's matches; with a customer, only the jobs billed to it (spec §4). */
export function useJobSearch(typed: string, customerNo: string, enabled = true) {
  const q = useDebounced(typed.trim());
  const online = useOnline();
  const list = trpc.job.search.useQuery({ q, limit: PICKER_LIMIT, ...(customerNo ? { customerNo } : {}) }, { ...searching, enabled: enabled && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('jobs', [q, customerNo], enabled && offline, (copy) => offlineJobs(copy.data, q, PICKER_LIMIT, customerNo));
  return pickerList(either(offline, list, local, []), q, typed);
}

/** The work-type picker's matches (decision 0176: searched on the server like the others). */
export function useWorkTypeSearch(typed: string, enabled: boolean) {
  const q = useDebounced(typed.trim());
  const online = useOnline();
  const list = trpc.workType.search.useQuery({ q, limit: PICKER_LIMIT }, { ...searching, enabled: enabled && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('workTypes', [q], enabled && offline, (copy) => offlineWorkTypes(copy.data, q, PICKER_LIMIT));
  return pickerList(either(offline, list, local, []), q, typed);
}

/** The chosen work type itself (label, forced unit of measure), by code; the exact code comes first. */
export function useWorkTypeLookup(code: string, enabled: boolean) {
  const online = useOnline();
  const on = enabled && code !== '';
  const server = trpc.workType.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: on && online });
  const offline = useOffline(server.error);
  const local = useCopyQuery('workTypes', ['=', code], on && offline, (copy) => offlineWorkTypes(copy.data, code, 1));
  const list = either(offline, server, local, []);
  return list.data?.[0]?.code === code ? list.data[0] : undefined;
}

/** The location picker's matches. */
export function useLocationSearch(typed: string, enabled: boolean) {
  const q = useDebounced(typed.trim());
  const online = useOnline();
  const list = trpc.location.search.useQuery({ q, limit: PICKER_LIMIT }, { ...searching, enabled: enabled && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('locations', [q], enabled && offline, (copy) => offlineLocations(copy.data, q, PICKER_LIMIT));
  return pickerList(either(offline, list, local, []), q, typed);
}

/*
 * The chosen customer, job and location themselves (label; the job's bill-to customer), by code:
 * the search puts the exact code first, so one row answers it whatever else contains the code.
 */
export function useCustomerLookup(no: string, enabled: boolean) {
  const online = useOnline();
  const on = enabled && no !== '';
  const list = trpc.customer.search.useQuery({ q: no, limit: 1 }, { ...cached, enabled: on && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('customers', [no, '', 1], on && offline, (copy) => offlineCustomers(copy.data, no, 1));
  const data = either(offline, list, local, []).data;
  return data?.[0]?.no === no ? data[0] : undefined;
}
export function useJobLookup(code: string) {
  const online = useOnline();
  const list = trpc.job.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: code !== '' && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('jobs', [code, '', 1], code !== '' && offline, (copy) => offlineJobs(copy.data, code, 1));
  const data = either(offline, list, local, []).data;
  return data?.[0]?.code === code ? data[0] : undefined;
}
export function useLocationLookup(code: string, enabled: boolean) {
  const online = useOnline();
  const on = enabled && code !== '';
  const list = trpc.location.search.useQuery({ q: code, limit: 1 }, { ...cached, enabled: on && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('locations', [code, 1], on && offline, (copy) => offlineLocations(copy.data, code, 1));
  const data = either(offline, list, local, []).data;
  return data?.[0]?.code === code ? data[0] : undefined;
}

/**
 * Spec §4: after choosing a customer, a single remaining job is chosen. `customerNo` is the
 * customer just chosen ('' when none is pending); two rows tell whether exactly one job is billed
 * to it. Answers that job's code, null when there is not exactly one, undefined while loading.
 */
export function useSingleJobOf(customerNo: string): string | null | undefined {
  const online = useOnline();
  const list = trpc.job.search.useQuery({ q: '', limit: 2, customerNo }, { ...cached, enabled: customerNo !== '' && online });
  const offline = useOffline(list.error);
  const local = useCopyQuery('jobs', ['', customerNo, 2], customerNo !== '' && offline, (copy) => offlineJobs(copy.data, '', 2, customerNo));
  const found = either(offline, list, local, []);
  if (customerNo === '' || !found.data || found.isPlaceholderData) return undefined;
  return found.data.length === 1 && found.data[0] ? found.data[0].code : null;
}

/** The unit picker's matches for the typed text (items or resources after the unit type). */
export function useUnitSearch(unitType: UnitType | '', typed: string) {
  const q = useDebounced(typed.trim());
  const online = useOnline();
  const input = { q, limit: PICKER_LIMIT };
  const items = trpc.item.search.useQuery(input, { ...searching, enabled: unitType === 'Item' && online });
  const resources = trpc.resource.search.useQuery(input, { ...searching, enabled: unitType === 'Resource' && online });
  const list = unitType === 'Item' ? items : resources;
  const offline = useOffline(list.error);
  const local = useCopyQuery('units', [unitType, q], unitType !== '' && offline, (copy) => (unitType === '' ? [] : offlineUnits(copy.data, unitType, q, PICKER_LIMIT)));
  const found = pickerList(either(offline, list, local, []), q, typed);
  return unitType === '' ? { ...found, data: undefined } : found;
}

/**
 * The chosen unit itself (its description, and whether it is still active), by number: the search
 * puts the exact number first, so one row answers it whatever else contains the number.
 */
export function useUnitLookup(unitType: UnitType | '', unitNo: string) {
  const online = useOnline();
  const input = { q: unitNo, limit: 1 };
  const items = trpc.item.search.useQuery(input, { ...cached, enabled: unitType === 'Item' && unitNo !== '' && online });
  const resources = trpc.resource.search.useQuery(input, { ...cached, enabled: unitType === 'Resource' && unitNo !== '' && online });
  const server = unitType === 'Item' ? items : resources;
  const offline = useOffline(server.error);
  const local = useCopyQuery('units', [unitType, unitNo, 1], unitType !== '' && unitNo !== '' && offline, (copy) =>
    unitType === '' ? [] : offlineUnits(copy.data, unitType, unitNo, 1),
  );
  const list = either(offline, server, local, []);
  const found = list.data?.[0]?.no === unitNo ? list.data[0] : undefined;
  return { unit: found, checked: list.data !== undefined && !list.isFetching, missing: list.data !== undefined && !found };
}
export function useUnitsOfMeasure(unitType: UnitType | '', unitNo: string) {
  const online = useOnline();
  const on = unitType !== '' && unitNo !== '';
  const server = trpc.unit.search.useQuery({ unitType: unitType || 'Item', unitNo }, { ...cached, enabled: on && online });
  const offline = useOffline(server.error);
  const local = useCopyQuery('unitsOfMeasure', [unitType, unitNo], on && offline, (copy) => (unitType === '' ? [] : offlineUnitsOfMeasure(copy.data, unitType, unitNo)));
  return either(offline, server, local, []);
}

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

export { todayIso } from '../../lib/today';

/** 1 234 567 bytes → "1.2 MB" in the active locale. */
export function formatBytes(bytes: number, locale: string): string {
  const nf = (n: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${nf(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${nf(bytes / 1024, 0)} KB`;
  return `${nf(bytes / 1024 / 1024, 1)} MB`;
}

/** A look-up a choice in the form starts: the server's answer, or the device copy's when the server cannot be reached (null: no answer). */
async function serverOrCopy<T>(server: () => Promise<T>, copy: (c: MasterDataCopy) => T): Promise<T | null> {
  if (isOnline()) {
    try {
      return await server();
    } catch (error) {
      if (!isUnreachable(error)) return null;
    }
  }
  const user = currentUserKey();
  const saved = user ? await loadCopy(user) : null;
  return saved ? copy(saved) : null;
}

/**
 * The look-ups the entry form's rules wait on (use-worksheet-form.ts: a job's tasks, a customer's
 * single job, a job typed as a code, a unit and its units of measure), online or offline alike, so
 * the spec §4 rules hold with no network (issue 14 §2).
 */
export function useFormLookups() {
  const utils = trpc.useUtils();
  return {
    jobTasks: (jobCode: string): Promise<{ code: string }[] | null> =>
      serverOrCopy<{ code: string }[]>(
        () => utils.jobTask.search.fetch({ jobCode }, cached),
        (c) => offlineJobTasks(c.data, jobCode),
      ),
    jobs: (q: string, limit: number, customerNo = ''): Promise<{ code: string; billToCustomerNo: string }[] | null> =>
      serverOrCopy<{ code: string; billToCustomerNo: string }[]>(
        () => utils.job.search.fetch({ q, limit, ...(customerNo ? { customerNo } : {}) }, cached),
        (c) => offlineJobs(c.data, q, limit, customerNo),
      ),
    unit: (unitType: UnitType, unitNo: string): Promise<{ no: string; description: string | null }[] | null> =>
      serverOrCopy<{ no: string; description: string | null }[]>(
        () => (unitType === 'Item' ? utils.item.search.fetch({ q: unitNo, limit: 1 }, cached) : utils.resource.search.fetch({ q: unitNo, limit: 1 }, cached)),
        (c) => offlineUnits(c.data, unitType, unitNo, 1),
      ),
    unitsOfMeasure: (unitType: UnitType, unitNo: string): Promise<{ code: string }[] | null> =>
      serverOrCopy<{ code: string }[]>(
        () => utils.unit.search.fetch({ unitType, unitNo }, cached),
        (c) => offlineUnitsOfMeasure(c.data, unitType, unitNo),
      ),
  };
}
