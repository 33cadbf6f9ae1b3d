import { z } from 'zod';
import { errorToken } from './error-tokens';
import { ERR } from './errors';
import { plainString } from './fields';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits';
import { ZUpdatedSince } from './schemas/master-data';

/**
 * Keyset pages of the admin lists (items, resources, customers, jobs, …; issue 9, decision 0175).
 * A list is ordered by one of two columns — its key (number/code, unique in the account) or its
 * text (description/name, may repeat) — ascending or descending, with the key breaking ties. The
 * cursor is the last row's (text, key) and names the order it belongs to, so a cursor of another
 * order answers 400 instead of a wrong page.
 */
export type AdminSortBy = 'key' | 'text';
export type AdminSortDir = 'asc' | 'desc';

export interface AdminCursor {
  sort: AdminSortBy;
  dir: AdminSortDir;
  /** the last row's sort value when sorting by text (null when sorting by key) */
  text: string | null;
  key: string;
}

export const ADMIN_CURSOR_ERR = errorToken('INVALID_CURSOR');
const VERSION = 'a1';
const CURSOR_MAX = 1024;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Text PostgreSQL can take as a parameter: no NUL, well-formed UTF-16 (no lone surrogates). */
function safeText(text: string): boolean {
  return !text.includes('\u0000') && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Opaque to clients: base64url of the JSON `["a1", sort, dir, text, key]`. */
export function encodeAdminCursor(c: AdminCursor): string {
  return toBase64Url(JSON.stringify([VERSION, c.sort, c.dir, c.text, c.key]));
}

/** The cursor, or null when this server did not write it (tampered, truncated, another version). */
export function decodeAdminCursor(text: string): AdminCursor | null {
  if (text.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 5) return null;
  const [version, sort, dir, sortText, key] = value as unknown[];
  if (version !== VERSION || (sort !== 'key' && sort !== 'text') || (dir !== 'asc' && dir !== 'desc')) return null;
  if (typeof key !== 'string' || key.length < 1 || key.length > 20) return null;
  if (sort === 'key' ? sortText !== null : typeof sortText !== 'string' || sortText.length > 100) return null;
  // PostgreSQL text cannot hold NUL ("invalid byte sequence for encoding UTF8: 0x00" → a 500), and a
  // lone surrogate is no UTF-8 at all: neither is anything this server wrote (issue 21).
  if (!safeText(key) || (sortText !== null && !safeText(sortText as string))) return null;
  return { sort, dir, text: sortText as string | null, key };
}

const optionalQueryNumber = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** The input of an admin list (GET /api/item etc.): every field optional; the first page without any. */
export const ZAdminListInput = z
  .object({
    q: z
      .preprocess(
        (v) => (v === null ? undefined : v),
        plainString({ error: ERR.mustBeString })
          .max(100, errorToken('TOO_LONG', { max: 100 }))
          .optional(),
      )
      .transform((v) => v?.trim() ?? '')
      .describe('Only records whose key (number/code) or text (description/name) contains q, any case'),
    sort: z.enum(['key', 'text']).optional().describe('Order by the key (number/code, the default) or by the text (description/name; ties by key)'),
    dir: z.enum(['asc', 'desc']).optional().describe('asc (default) or desc'),
    cursor: z
      .string()
      .nullish()
      .refine((v) => v === null || v === undefined || v === '' || decodeAdminCursor(v) !== null, ADMIN_CURSOR_ERR)
      .describe('Opaque cursor of the next page, as given by the previous page (Link header rel="next")'),
    limit: z
      .preprocess(
        optionalQueryNumber,
        z
          .number({ error: ERR.mustBeNumber })
          .int(ERR.mustBeNumber)
          .min(1, errorToken('TOO_LOW', { property: 'limit', min: 1 }))
          .max(PAGE_SIZE_MAX, errorToken('PAGE_TOO_LARGE', { max: PAGE_SIZE_MAX }))
          .optional(),
      )
      .describe(`Records per page, ${PAGE_SIZE_DEFAULT} by default, at most ${PAGE_SIZE_MAX}`),
    updatedSince: ZUpdatedSince,
  })
  .superRefine((input, ctx) => {
    const c = input.cursor ? decodeAdminCursor(input.cursor) : null;
    if (c && (c.sort !== (input.sort ?? 'key') || c.dir !== (input.dir ?? 'asc'))) ctx.addIssue({ code: 'custom', path: ['cursor'], message: ADMIN_CURSOR_ERR });
  });
export type TAdminListInput = z.input<typeof ZAdminListInput>;
export type AdminListQuery = z.output<typeof ZAdminListInput>;

/** One page of an admin list (tRPC); REST sends `rows` as the body and the next page as a Link header. */
export function adminPage<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    nextCursor: z.string().nullable(),
    /** Records matching `q` in the whole list; on the first page only (null on the following ones). */
    total: z.number().int().nullable(),
  });
}

/** The paging text of an admin list procedure's OpenAPI description. */
export function adminListDescription(key: string, text: string): string {
  return [
    `Paged with a keyset cursor (issue 9). The body is an array of records ordered by \`sort\`: \`key\` (${key}, the default)`,
    `or \`text\` (${text}, ties by ${key}), \`dir\` asc or desc; \`q\` keeps the records whose ${key} or ${text} contains it.`,
    `At most \`limit\` records (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}; more answers 400).`,
    '',
    'When more records follow, the answer has an RFC 8288 header `Link: <…&cursor=…>; rel="next"`: request that URI',
    '(relative to this one) for the next page, and repeat until an answer has no `Link` header. Every other query',
    'parameter is kept in the link. The cursor is opaque; one this server did not write, or one of another sort, answers 400.',
  ].join('\n');
}
