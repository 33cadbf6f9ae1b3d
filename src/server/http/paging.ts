import type { ServerResponse } from 'node:http';

/** What a paged procedure answers (meta.rest.paged): worksheet.list (`groups`) or an admin list (`rows`). */
export interface PagedResult {
  groups?: unknown[];
  rows?: unknown[];
  nextCursor: string | null;
  total?: number | null;
}

/**
 * REST form of a page (issue 9, decision 0110): the body stays spec §7's array, the next page is an
 * RFC 8288 `Link: <…>; rel="next"` header — the same path and query with `cursor` replaced. The link is a
 * path-absolute reference (resolved against the request URI), so no Host header is trusted.
 * Sets the headers on `res` and returns the body.
 */
export function restPage(res: ServerResponse, url: URL, result: unknown): unknown[] {
  const page = result as PagedResult;
  if (page.nextCursor) {
    const next = new URLSearchParams(url.searchParams);
    next.set('cursor', page.nextCursor);
    res.setHeader('Link', `<${url.pathname}?${next.toString()}>; rel="next"`);
  }
  // An admin list's count of matching records (first page only), documented as X-Total-Count.
  if (typeof page.total === 'number') res.setHeader('X-Total-Count', String(page.total));
  return page.groups ?? page.rows ?? [];
}
