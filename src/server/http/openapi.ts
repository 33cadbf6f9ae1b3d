import type { AnyRouter } from '@trpc/server';
import { z, type ZodType } from 'zod';
import { ERROR_CODES } from '../../shared/error-codes';
import { appRouter } from '../routers/app';
import type { RawRoute } from './raw-route';
import type { RestRoute } from './rest';
import { procedureTable } from './trpc-adapter';
import { HEADERS, header } from './openapi-headers';
import { toJsonSchema, operationId, type JsonSchema } from './openapi-schema';
import { webhookOperations } from './openapi-webhooks';
import { parameterExample, requestExample } from './openapi-examples';

/**
 * /api/openapi.json (issue 13 points 1–2, decision 0131): generated from the procedures' zod
 * schemas and meta, never written by hand. What an operation can answer is derived from what it
 * is: its procedure builder (public / authed / role), its method and path (creates, by-key,
 * multipart) — the same facts the server acts on. tests/api/openapi-contract.test.ts holds the
 * document and the server to each other.
 */

export type ProcedureKind = 'public' | 'authed' | 'role';

/**
 * Which builder a procedure was made from: the auth level the builders put in `meta.auth`
 * (src/server/trpc.ts), the same fact the transports use to refuse a caller before the body.
 */
export function procedureKinds(router: AnyRouter): Map<string, ProcedureKind> {
  const kinds = new Map<string, ProcedureKind>();
  for (const { path, auth } of procedureTable(router).values()) kinds.set(path, auth === 'teamleader' || auth === 'admin' ? 'role' : auth === 'authed' ? 'authed' : 'public');
  return kinds;
}

/** The object shape behind a schema (through pipes and wrappers), if it is an object. */
function shapeOf(type: ZodType): Record<string, ZodType> | undefined {
  const def = (type as unknown as { _zod: { def: { type: string; shape?: Record<string, ZodType>; in?: ZodType; innerType?: ZodType } } })._zod.def;
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return undefined;
}

/**
 * Request schemas: zod's `io: 'input'`, then `required` corrected by asking each field's schema
 * whether it accepts a missing value — preprocess schemas (empty → null) are optional on the
 * server although zod cannot see it statically.
 */
function inputSchema(type: ZodType): JsonSchema {
  const s = toJSONSchemaInput(type);
  const shape = shapeOf(type);
  if (shape && Array.isArray(s.required)) {
    const required = (s.required as string[]).filter((k) => {
      const field = shape[k];
      return !field || !field.safeParse(undefined).success;
    });
    if (required.length) s.required = required;
    else delete s.required;
  }
  return s;
}
const toJSONSchemaInput = (type: ZodType) => toJsonSchema(type, 'input');

const problemRef = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...ALWAYS_HEADERS, ...headers },
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The headers an error status carries besides the cookie. */
function problemHeaders(status: string, create: boolean, login = false): Record<string, unknown> {
  // 401 of the login: a lockout says in Retry-After when to try again (issue 37 §4).
  if (status === '503' || (status === '409' && create) || (status === '401' && login)) return { 'Retry-After': header('RetryAfter') };
  return {};
}

const STATUS_TEXT: Record<string, string> = {
  '400': 'Validation failed or malformed request (`errors` maps field → messages)',
  '401': 'Not logged in, session expired, wrong API key, or (login) authentication failed',
  '403': 'Not allowed for this role, or a cookie request without a same-origin Origin header (CSRF)',
  '404': 'Not found — also for another account’s ids',
  '409': 'Conflict: duplicate, in use, locked (approved / exported), or an Idempotency-Key request still running',
  '413': 'Body, field or file too large',
  '415': 'Unsupported content type or file type',
  '422': 'Idempotency-Key already used for a different request',
  '500': 'A fault of the server (`INTERNAL`); quote `requestId` / X-Request-Id to the operator',
  '503': 'The database cannot be reached for the moment; try again after `Retry-After` seconds',
};

/** Every answer carries its request id, and may set, refresh or clear the session cookie of a cookie caller. */
const ALWAYS_HEADERS = { 'X-Request-Id': header('XRequestId'), 'Set-Cookie': header('SetCookie') };

export interface OperationFacts {
  method: string;
  path: string;
  kind: ProcedureKind;
  hasInput: boolean;
  multipart: boolean;
  create: boolean;
  /** the answer is an array (a list: 404 only when it belongs to a named parent) */
  list: boolean;
  /** a required parameter names a record (not an enum like unitType) */
  namesParent: boolean;
  /** names no record at all (meta.rest.keyless): never 404 */
  keyless?: boolean;
  /** takes a `mode` (USER / TEAM / ALL): a caller without the role for the mode gets 403 */
  modeScoped?: boolean;
  /** meta.rest.mayForbid: a rule may refuse a caller who sees the record */
  mayForbid?: boolean;
  /** meta.rest.mayNotFind: an optional parameter names a record, unknown → 404 */
  mayNotFind?: boolean;
}

/** The error statuses an operation can answer, from what it is (decision 0131). */
export function errorStatuses(f: OperationFacts): string[] {
  const out = new Set<string>();
  const write = f.method !== 'GET';
  // Any request may carry a wrong API key; it is refused before anything else.
  out.add('401');
  if (f.hasInput || write) out.add('400');
  if (f.kind === 'role' || f.modeScoped || f.mayForbid || (write && f.kind !== 'public')) out.add('403');
  if (write && f.kind === 'public') out.add('403'); // CSRF applies to public writes too (login with a stray cookie)
  // By key: writes that name a record, and single-record reads (lists answer [] instead).
  // A list of a named parent (GET /api/jobtask/all?jobCode, /api/worksheet/{id}/history) 404s when the parent is missing.
  const byKeyRead = f.list ? f.namesParent : f.path.includes('{') || f.path.endsWith('/single');
  if (f.kind !== 'public' && !f.keyless && (write ? f.hasInput : byKeyRead || f.mayNotFind)) out.add('404');
  // Any authed write may conflict (duplicate, in use, locked, stale version, disabled endpoint, key in progress).
  if (write && f.kind !== 'public') out.add('409');
  if (f.create) out.add('409').add('422');
  if (write) out.add('413').add('415');
  // Every operation reaches the database, which may be gone for a moment.
  out.add('503');
  // Any operation may meet a fault of ours (INTERNAL). No 429: nothing is rate-limited by status —
  // a login lockout is spec §8's 401, too many tRPC calls a 400 (issue 37 §3).
  out.add('500');
  return [...out].sort();
}

function namesRecord(parameters: unknown[]): boolean {
  const isEnum = (s: JsonSchema | undefined) => Boolean(s?.enum) || Boolean((s?.anyOf as JsonSchema[] | undefined)?.some((a) => a.enum));
  return (parameters as Array<{ in: string; required?: boolean; schema?: JsonSchema }>).some((p) => p.in !== 'header' && p.required && !isEnum(p.schema));
}

const SECURITY = [{ apiKey: [] }, { bearer: [] }, { session: [] }];

const idempotencyParam = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request within 24 h answers the first answer (header `Idempotent-Replayed: true`) and creates nothing. Another request with the same key → 422; while the first still runs → 409 with Retry-After. Per account and caller.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

/** The array a paged list sends as its REST body (`groups` or `rows` of the procedure's page). */
function pagedBody(output: JsonSchema | undefined): { schema: JsonSchema; total: boolean } | undefined {
  const props = output?.properties as Record<string, JsonSchema> | undefined;
  const schema = props?.groups ?? props?.rows;
  return schema ? { schema, total: Boolean(props?.total) } : undefined;
}

/** OpenAPI 3.1 of every REST path, generated from the procedures' zod schemas and meta. */
export function buildOpenApi(routes: RestRoute[], raw: RawRoute[], kinds: Map<string, ProcedureKind> = procedureKinds(appRouter)): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const kind = kinds.get(r.procedurePath) ?? 'authed';
    const input = r.input ? inputSchema(r.input) : undefined;
    const output = r.output ? toJsonSchema(r.output, 'output') : undefined;
    const props = (input?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input?.required as string[] | undefined) ?? []);
    const parameters: unknown[] = r.paramNames.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
    const create = r.meta.rest.status === 201 || r.meta.rest.idempotent === true;
    if (create) parameters.push(idempotencyParam);
    const op: Record<string, unknown> = {
      operationId: r.procedurePath,
      summary: r.meta.summary ?? r.procedurePath,
      ...(r.meta.description ? { description: r.meta.description } : {}),
      tags: r.meta.tags ?? [r.procedurePath.split('.')[0]],
      parameters,
    };
    if (kind === 'public') op.security = [];
    if (input) {
      if (r.method === 'GET') {
        for (const [name, schema] of Object.entries(props)) {
          if (r.paramNames.includes(name)) continue;
          // An empty optional value (`?limit=`) is taken as absent, as a form sends it.
          const optional = !required.has(name);
          // An array REST takes comma-separated (`?group=job,person`).
          const comma = r.meta.rest.commaLists?.includes(name) ? { style: 'form', explode: false } : {};
          parameters.push({ name, in: 'query', required: !optional, ...(optional ? { allowEmptyValue: true } : {}), ...comma, schema, ...parameterExample(name, schema) });
        }
      } else {
        const bodyProps = Object.fromEntries(Object.entries(props).filter(([n]) => !r.paramNames.includes(n)));
        const bodyRequired = [...required].filter((n) => !r.paramNames.includes(n));
        const bodySchema: JsonSchema = { ...input, properties: bodyProps };
        if (bodyRequired.length) bodySchema.required = bodyRequired;
        else delete bodySchema.required;
        const json = { schema: bodySchema, ...requestExample(bodySchema) };
        // A multipart create takes the same fields as JSON (no photos) or as form fields with photos.
        const content: Record<string, unknown> = r.meta.rest.multipart
          ? r.meta.rest.fileField
            ? {
                'multipart/form-data': {
                  schema: {
                    ...bodySchema,
                    description: 'The fields as text form fields, plus the file.',
                    properties: {
                      ...bodyProps,
                      [r.meta.rest.fileField.name]: {
                        type: 'string',
                        format: 'binary',
                        contentMediaType: 'application/octet-stream',
                        description: r.meta.rest.fileField.description,
                      },
                    },
                    required: [...bodyRequired, r.meta.rest.fileField.name],
                  },
                  encoding: { [r.meta.rest.fileField.name]: { contentType: r.meta.rest.fileField.contentType } },
                },
              }
            : {
                'application/json': json,
                'multipart/form-data': {
                  schema: {
                    ...bodySchema,
                    description: 'The same fields as the JSON body, as text form fields, plus up to 10 photos in `attachments`.',
                    ...(json.example ? { example: json.example } : {}),
                    properties: {
                      ...bodyProps,
                      attachments: {
                        type: 'array',
                        maxItems: 10,
                        description: 'Photos: JPEG, PNG, WebP, HEIC/HEIF (by content), at most 10 of 15 MB. Repeat the form field once per photo.',
                        items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
                      },
                    },
                  },
                  // One form part per photo (style form, exploded): a validator reads one part as a one-photo array.
                  encoding: { attachments: { contentType: 'image/jpeg, image/png, image/webp, image/heic, image/heif', style: 'form', explode: true, allowReserved: true } },
                },
              }
          : { 'application/json': json };
        // A body is required when the server refuses an empty one (e.g. DELETE /api/location needs id or code).
        op.requestBody = { required: r.input ? !r.input.safeParse({ ...Object.fromEntries(r.paramNames.map((n) => [n, '1'])) }).success : false, content };
      }
    }
    const status = String(r.meta.rest.status ?? 200);
    const paged = r.meta.rest.paged === true;
    // A paged procedure answers `{ groups | rows, nextCursor, total? }`; REST sends the array alone
    // (spec §7) with the next page in `Link` (and an admin list's total in `X-Total-Count`).
    const pageItems = paged ? pagedBody(output) : undefined;
    const successHeaders: Record<string, unknown> = { ...ALWAYS_HEADERS };
    if (create) successHeaders['Idempotent-Replayed'] = header('IdempotentReplayed');
    if (paged) {
      successHeaders.Link = header('Link');
      if (pageItems?.total) successHeaders['X-Total-Count'] = header('XTotalCount');
    }
    const success =
      status === '204'
        ? { description: 'No content', headers: successHeaders }
        : {
            description: status === '201' ? 'Created' : 'OK',
            headers: successHeaders,
            content: { 'application/json': { schema: pageItems?.schema ?? output ?? {} } },
          };
    const responses: Record<string, unknown> = { [status]: success };
    const facts: OperationFacts = {
      method: r.method,
      path: r.path,
      kind,
      hasInput: Boolean(input),
      multipart: Boolean(r.meta.rest.multipart),
      create,
      list: paged || output?.type === 'array',
      namesParent: namesRecord(parameters),
      keyless: r.meta.rest.keyless === true,
      modeScoped: 'mode' in props,
      mayForbid: r.meta.rest.mayForbid === true,
      mayNotFind: r.meta.rest.mayNotFind === true,
    };
    const login = kind === 'public' && r.method !== 'GET';
    for (const s of errorStatuses(facts)) responses[s] = problemRef(STATUS_TEXT[s] ?? 'Problem', problemHeaders(s, create, login));
    op.responses = responses;
    // A session-only operation (the caller's passkeys) says so: the API key answers 401 there.
    if (r.meta.rest.sessionOnly) op.security = [{ session: [] }];
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  for (const r of raw) {
    const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const fragment = { ...r.openapi } as { responses?: Record<string, unknown> } & Record<string, unknown>;
    // A GET with query fields refuses a bad one with 400 like any input (the SSO start's INVALID_CHARS).
    const queryNames = r.input instanceof z.ZodObject ? Object.keys(r.input.shape).filter((k) => !names.includes(k)) : [];
    const facts: OperationFacts = {
      method: r.method,
      path: r.path,
      kind: r.auth === 'public' ? 'public' : 'authed',
      hasInput: r.method !== 'GET' || names.length > 0 || queryNames.length > 0,
      multipart: false,
      create: false,
      list: false,
      namesParent: names.length > 0,
    };
    const responses: Record<string, unknown> = { ...(fragment.responses ?? { '200': { description: 'OK' } }) };
    for (const s of errorStatuses(facts)) responses[s] ??= problemRef(STATUS_TEXT[s] ?? 'Problem', problemHeaders(s, false));
    for (const [s, res] of Object.entries(responses) as Array<[string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }]>) {
      // A file answer names itself in Content-Disposition.
      const file = Number(s) < 300 && Object.keys(res.content ?? {}).some((t) => !t.endsWith('json'));
      res.headers = { ...ALWAYS_HEADERS, ...(file ? { 'Content-Disposition': header('ContentDisposition') } : {}), ...res.headers };
      // A refusal of a raw route is problem+json like any other.
      if (Number(s) >= 400) res.content ??= problemRef('').content;
    }
    delete fragment.responses;
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: operationId(r.method, r.path),
      summary: r.summary,
      tags: r.tags,
      parameters: [
        ...names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2147483647 }, example: 1 })),
        // The query fields of the route's input (a fragment's own `parameters` replace the lot).
        ...queryNames.map((name) => {
          const field = (r.input as z.ZodObject).shape[name] as ZodType;
          return { name, in: 'query', required: !field.safeParse(undefined).success, schema: toJsonSchema(field, 'input') };
        }),
      ],
      // A public raw route (the SSO redirects, issue 41) needs no credentials.
      ...(r.auth === 'public' ? { security: [] } : {}),
      ...fragment,
      responses,
    };
  }
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => (o as { tags?: string[] }).tags ?? [])))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'NS-Webtid API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'NS-Webtid integrations: see docs/integrators.md in the distribution, or ask the operator of this server' },
      description:
        'The REST paths of NS-Webtid. Authenticate with the account API key in `X-Api-Key` (or `Authorization: Bearer`), or with the session cookie from POST /api/user/login (then every POST/PUT/DELETE needs a same-origin `Origin` header). Errors are RFC 9457 problem+json with a stable `code` and `params` beside the English `detail`; 400 answers carry `errors` (field → messages) and `errorCodes` (field → codes). Creates accept an `Idempotency-Key` header. The integrator guide is docs/integrators.md.',
    },
    servers: [{ url: '/', description: 'This server' }],
    security: SECURITY,
    tags: tags.map((name) => ({ name, description: `Calls for ${name}` })),
    paths,
    webhooks: webhookOperations(),
    components: {
      headers: HEADERS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The account API key (Admin → Settings)' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token' },
        session: { type: 'apiKey', in: 'cookie', name: 'webtid_session', description: 'Session cookie from POST /api/user/login' },
      },
      schemas: {
        Problem: {
          type: 'object',
          description: 'RFC 9457 problem details',
          required: ['type', 'title', 'status', 'detail'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer', minimum: 400, maximum: 599 },
            detail: { type: 'string', description: 'English sentence (the `code` template with `params` filled in)' },
            code: {
              type: 'string',
              enum: ERROR_CODES,
              description: 'Stable error code of `detail`; switch on this, not on the English. Absent for the rare detail without a code.',
            },
            params: { type: 'object', description: 'The named values in `detail`, as strings', additionalProperties: { type: 'string' } },
            errors: {
              type: 'object',
              description: 'Field → English messages (400; also a duplicate key on its field in a 409)',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
            errorCodes: {
              type: 'object',
              description: 'Parallel to `errors`: field → each message’s `{ code, params }`; never null (an unknown key is `UNKNOWN_FIELD`)',
              additionalProperties: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['code', 'params'],
                  properties: { code: { type: 'string', enum: ERROR_CODES }, params: { type: 'object', additionalProperties: { type: 'string' } } },
                },
              },
            },
            requestId: { type: 'string', description: 'The X-Request-Id of the answer' },
          },
        },
      },
    },
  };
}
