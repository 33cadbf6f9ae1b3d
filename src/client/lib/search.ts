import { MODES, type Mode } from '../../shared/limits';

/*
 * Search params are plain strings, as the spec's URLs are (?no=10, ?code=A, ?mode=TEAM).
 * TanStack Router's default would JSON-parse them, turning item number "10" into a number and
 * "1e3" into 1000, and would write strings back quoted (?no=%2210%22).
 */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const str = params.toString();
  return str ? `?${str}` : '';
}

/** validateSearch for routes keyed by one query parameter, e.g. /admin/items/edit?no=… */
export function keySearch<K extends string>(key: K) {
  return (search: Record<string, unknown>): Record<K, string> => {
    const value = search[key];
    return { [key]: typeof value === 'string' ? value : '' } as Record<K, string>;
  };
}

/** The named parameters that are present, as strings; absent ones stay undefined. */
export function optionalStrings<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' && value !== '') out[key] = value;
    }
    return out;
  };
}

/** ?mode=YOURS|TEAM|ALL (spec §2); anything else counts as absent, i.e. the default YOURS. */
export function modeOf(value: string | undefined): Mode | undefined {
  return MODES.find((mode) => mode === value);
}
