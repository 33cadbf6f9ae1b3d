/*
 * The response headers the OpenAPI document declares (components.headers): every header of ours
 * the server sends is here, and tests/helpers/openapi-validator.ts fails an answer that carries one
 * its operation does not declare (issue 37 §3).
 */

export const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const HEADERS = {
  SetCookie: {
    description: 'Only for a session-cookie caller: the cookie set at login, refreshed (remember me), or cleared (logout, a session that ended). API-key callers never get one.',
    schema: { type: 'string' },
  },
  Link: {
    description: 'RFC 8288 link to the next page: `</api/…?…&cursor=…>; rel="next"`, relative to this request. Absent on the last page.',
    schema: { type: 'string', pattern: '^<[^>]+>; rel="next"$' },
  },
  XTotalCount: {
    description: 'On the first page of an admin list: how many records match `q` in the whole list.',
    schema: { type: 'integer', minimum: 0 },
  },
  XRequestId: { description: 'The id of this request, also in a problem’s `requestId` and in the server log: quote it to support', schema: { type: 'string' } },
  ContentDisposition: { description: '`attachment; filename="…"` (or `inline` for a photo): the file name to save as', schema: { type: 'string' } },
  XExportBatchId: {
    description: 'The export batch this file is (a download with shouldMarkAsExported, and a batch downloaded again)',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  IdempotentReplayed: { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
};
