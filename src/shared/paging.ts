import { z } from 'zod';
import { errorToken } from './error-tokens';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits';

/**
 * Keyset pagination of the worksheet and the archive (issue 9, decision 0110). Pages follow
 * (date DESC, id DESC): the last entry of a page is the cursor, and the next page starts strictly
 * after it. A day can continue on the next page; `mergePages` joins groups with the same key.
 */
export interface PageCursor {
  date: string;
  id: number;
}

/** Bumped if the cursor's meaning changes, so that an old link answers 400 instead of a wrong page. */
const CURSOR_VERSION = 'w1';

export const CURSOR_ERR = errorToken('INVALID_CURSOR');

/** Opaque to clients: base64url of "w1:YYYY-MM-DD:id". */
export function encodeCursor(c: PageCursor): string {
  return btoa(`${CURSOR_VERSION}:${c.date}:${c.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor, or null when it is not one this server wrote (tampered, truncated, another version). */
export function decodeCursor(text: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const m = /^w1:(\d{4})-(\d{2})-(\d{2}):([1-9]\d{0,9})$/.exec(plain);
  if (!m) return null;
  const [y, mo, d, idText] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  if (idText > 2147483647) return null;
  return { date: `${m[1]}-${m[2]}-${m[3]}`, id: idText };
}

/** `cursor` and `limit` of a paged list's input; a bad cursor or a limit above the maximum is a 400. */
export const pagingFields = {
  /** From the previous page's nextCursor (tRPC) or its Link header (REST); absent: the first page. */
  cursor: z
    .string()
    .nullish()
    .refine((v) => v === null || v === undefined || v === '' || decodeCursor(v) !== null, CURSOR_ERR)
    .describe('Opaque cursor of the next page, as given by the previous page (Link header rel="next")'),
  limit: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number()
        .int()
        .min(1)
        .max(PAGE_SIZE_MAX, errorToken('ENTRY_PAGE_TOO_LARGE', { max: PAGE_SIZE_MAX }))
        .optional(),
    )
    .describe(`Entries per page, ${PAGE_SIZE_DEFAULT} by default, at most ${PAGE_SIZE_MAX}`),
};

/** Quantity sums of the whole selection (every page), per unit of measure. */
export const ZListTotals = z.object({
  /** Entries in the whole selection. */
  entries: z.number().int(),
  units: z.array(z.object({ code: z.string(), label: z.string(), total: z.number() })),
});
export type TListTotals = z.infer<typeof ZListTotals>;

export { byDayOrder, mergePages } from './paging-merge';
