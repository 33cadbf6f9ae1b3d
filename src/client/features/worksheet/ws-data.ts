import { useEffect, useState } from 'react';
import type { UnitType } from '../../../shared/limits';
import { trpc } from '../../lib/trpc';

/*
 * The entry form's option lists come from the master-data search calls (spec §7 …/search), loaded
 * whole once (no limit, spec §9) and filtered in the browser as the user types, so typing never
 * waits for the network. They change rarely: kept for five minutes.
 */
const cached = { staleTime: 5 * 60_000 } as const;

export const useFormSettings = () => trpc.worksheet.formSettings.useQuery(undefined, { staleTime: 60_000 });
export const useCustomers = (enabled = true) => trpc.customer.search.useQuery({}, { ...cached, enabled });
export const useJobs = () => trpc.job.search.useQuery({}, cached);
export const useJobTasks = (jobCode: string, enabled: boolean) => trpc.jobTask.search.useQuery({ jobCode }, { ...cached, enabled: enabled && jobCode !== '' });
export const useLocations = (enabled: boolean) => trpc.location.search.useQuery({}, { ...cached, enabled });
export const useWorkTypes = (enabled: boolean) => trpc.workType.search.useQuery({}, { ...cached, enabled });
export const useItems = (enabled: boolean) => trpc.item.search.useQuery({}, { ...cached, enabled });
export const useResources = (enabled: boolean) => trpc.resource.search.useQuery({}, { ...cached, enabled });
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
