/*
 * Issue 23 §3: after editing an entry the user comes back to the list they left — the same tab,
 * filters and scroll position — with the entry highlighted for a moment. The list's URL and
 * scroll offset are kept in sessionStorage when the edit page opens (one tab's own storage).
 */
const KEY = 'webtid.ws-return';

export interface Place {
  /** the search string of the list (?mode=TEAM&person=…), without `hl` */
  search: string;
  scrollY: number;
}

/** Called when an entry's edit page is opened from the list. */
export function rememberPlace(): void {
  const params = new URLSearchParams(window.location.search);
  params.delete('hl');
  const search = params.toString();
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ search: search ? `?${search}` : '', scrollY: Math.round(window.scrollY) } satisfies Place));
  } catch {
    // Storage refused (private mode quota): the edit page returns to the plain list.
  }
}

/** The place the list was left at, if any (kept until the list has restored it). */
export function peekPlace(): Place | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<Place>;
    return typeof p.search === 'string' && typeof p.scrollY === 'number' ? { search: p.search, scrollY: p.scrollY } : null;
  } catch {
    return null;
  }
}

export function forgetPlace(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** The list's search params to return to, with the entry to highlight. */
export function returnSearch(highlightId: number | null): Record<string, string> {
  const place = peekPlace();
  const out = Object.fromEntries(new URLSearchParams(place?.search ?? ''));
  if (highlightId !== null) out.hl = String(highlightId);
  return out;
}
