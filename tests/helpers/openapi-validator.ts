import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApi } from '../../src/server/http/openapi';
import { collectRestRoutes } from '../../src/server/http/rest';
import { appRouter } from '../../src/server/routers/app';
import { rawRoutes } from '../../src/server/routers/raw-routes';

/**
 * Every answer the API tests see is held to /api/openapi.json (issue 19 point 2, decision 0186):
 * its status is declared, its content type is one the operation declares for that status, its JSON
 * body is valid against the declared schema, and every header of ours it carries (Link, Retry-After,
 * Idempotent-Replayed, Set-Cookie) is declared. A request the server accepted (2xx) must be valid
 * against the document too: its query, path parameters and body. The validator is Ajv's JSON
 * Schema 2020-12 (the dialect of OpenAPI 3.1) with ajv-formats — a standard validator nobody here
 * wrote, the same family Prism uses — so a schema only our zod understands fails here first.
 */

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  allowEmptyValue?: boolean;
  schema: Json;
}
interface MediaType {
  schema?: Json;
}
interface Response {
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

/** Headers of ours that a client acts on: each must be declared where it is sent. */
/** Every header of ours the server sends (issue 37 §3): one sent but not declared fails the exchange. */
const CHECKED_HEADERS = ['link', 'retry-after', 'idempotent-replayed', 'set-cookie', 'x-request-id', 'x-total-count', 'x-export-batch-id', 'content-disposition'];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Compiled {
  doc: Doc;
  ajv: Ajv2020;
  /** a second instance that reads multipart text fields as their declared types (as Prism does) */
  coercing: Ajv2020;
  routes: Array<{ method: string; template: string; pattern: RegExp; names: string[]; op: Operation }>;
  cache: Map<string, ValidateFunction>;
}

let compiled: Compiled | undefined;

export function openApiDocument(): Doc {
  return load().doc;
}

function load(): Compiled {
  if (compiled) return compiled;
  const doc = buildOpenApi(collectRestRoutes(appRouter), rawRoutes) as unknown as Doc;
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerceTypes ? 'array' : false, validateFormats: true });
    addFormats(ajv);
    // OpenAPI's own keywords inside schemas: annotations only.
    for (const k of ['example', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(k);
    ajv.addSchema({ $id: 'openapi.json', components: doc.components } as Json);
    return ajv;
  };
  const routes: Compiled['routes'] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    const names: string[] = [];
    const pattern = new RegExp(
      '^' +
        template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, n: string) => {
          names.push(n);
          return '([^/]+)';
        }) +
        '/?$',
    );
    for (const [method, op] of Object.entries(methods)) routes.push({ method: method.toUpperCase(), template, pattern, names, op });
  }
  // Static paths before templated ones, as the server matches them.
  routes.sort((a, b) => a.names.length - b.names.length);
  compiled = { doc, ajv: make(false), coercing: make(true), routes, cache: new Map() };
  return compiled;
}

/** `#/components/...` refs of the document, made absolute so a schema compiled alone can reach them. */
function absolutise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolutise);
  if (schema && typeof schema === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(schema)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : absolutise(v);
    return out;
  }
  return schema;
}

function validator(key: string, schema: Json, coerce = false): ValidateFunction {
  const c = load();
  const cacheKey = `${coerce ? 'c' : 'p'}:${key}`;
  let fn = c.cache.get(cacheKey);
  if (!fn) {
    fn = (coerce ? c.coercing : c.ajv).compile(absolutise(schema) as Json);
    c.cache.set(cacheKey, fn);
  }
  return fn;
}

function errorsOf(fn: ValidateFunction): string {
  return (fn.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
}

export interface Exchange {
  method: string;
  /** path and query, as sent */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: unknown;
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

function findRoute(method: string, pathname: string) {
  const c = load();
  const m = method === 'HEAD' ? 'GET' : method;
  for (const r of c.routes) {
    if (r.method !== m) continue;
    const match = r.pattern.exec(pathname);
    if (match) return { ...r, params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponentSafe(match[i + 1] ?? '')])) };
  }
  return undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The mismatches of one exchange with the document ([] when it agrees). Paths the document does
 * not describe (tRPC, static files, an unknown path the test probes) are not judged here.
 */
export function contractProblems(x: Exchange): string[] {
  const url = new URL(x.url, 'http://localhost');
  if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/trpc') || url.pathname === '/api/openapi.json' || url.pathname.startsWith('/api/docs')) return [];
  const route = findRoute(x.method.toUpperCase(), url.pathname);
  if (!route) return [];
  const where = `${x.method} ${route.template} (${x.url.slice(0, 200)}) → ${x.status}`;
  const out: string[] = [];
  const op = route.op;
  const declared = op.responses[String(x.status)] ?? op.responses[`${String(x.status)[0]}XX`] ?? op.responses.default;
  // 405/414/431/500/503 come from the transport, not the operation; 503 is documented once for all.
  if (!declared) {
    if (![405, 414, 431, 503].includes(x.status)) out.push(`${where}: status not declared (${x.text.slice(0, 160)})`);
    return out;
  }
  // Content type and body.
  const type = mediaTypeOf(x.headers.get('content-type'));
  const content = declared.content;
  if (x.method !== 'HEAD' && x.text.length > 0) {
    if (!content) out.push(`${where}: a body of ${type} where none is declared`);
    else {
      const media = content[type] ?? Object.entries(content).find(([k]) => k.endsWith('/*') && type.startsWith(k.slice(0, -1)))?.[1];
      if (!media) out.push(`${where}: content type ${type} not declared (${Object.keys(content).join(', ')})`);
      else if (media.schema && type.endsWith('json')) {
        const fn = validator(`res ${x.method} ${route.template} ${x.status} ${type}`, media.schema);
        if (!fn(x.body)) out.push(`${where}: body invalid: ${errorsOf(fn)}`);
      }
    }
  }
  for (const h of CHECKED_HEADERS) {
    if (!x.headers.has(h)) continue;
    const names = Object.keys(declared.headers ?? {}).map((n) => n.toLowerCase());
    if (!names.includes(h)) out.push(`${where}: header ${h} sent but not declared`);
  }
  // A request the server accepted must be one the document allows.
  if (x.status >= 200 && x.status < 300) out.push(...requestProblems(x, route, url, where));
  return out;
}

function requestProblems(x: Exchange, route: NonNullable<ReturnType<typeof findRoute>>, url: URL, where: string): string[] {
  const out: string[] = [];
  const op = route.op;
  const params = op.parameters ?? [];
  for (const p of params) {
    if (p.in === 'query') {
      const values = [...url.searchParams.getAll(p.name), ...url.searchParams.getAll(`${p.name}[]`)].filter((v) => !(p.allowEmptyValue && v === ''));
      if (values.length === 0) {
        if (p.required) out.push(`${where}: required query parameter ${p.name} missing`);
        continue;
      }
      const fn = validator(`q ${route.method} ${route.template} ${p.name}`, p.schema, true);
      const value = (p.schema as { type?: unknown }).type === 'array' ? values : values[0];
      if (!fn(value)) out.push(`${where}: query ${p.name}=${values.join(',')} invalid: ${errorsOf(fn)}`);
    } else if (p.in === 'path') {
      const fn = validator(`p ${route.method} ${route.template} ${p.name}`, p.schema, true);
      if (!fn(route.params[p.name])) out.push(`${where}: path ${p.name}=${route.params[p.name]} invalid: ${errorsOf(fn)}`);
    }
  }
  // Undeclared query parameters are ignored by the server, as by any validating proxy.
  if (x.method === 'GET' || x.method === 'HEAD') return out;
  const sentType = mediaTypeOf(x.requestHeaders['Content-Type'] ?? x.requestHeaders['content-type'] ?? (x.requestBody instanceof FormData ? 'multipart/form-data' : null));
  const bodyDeclared = op.requestBody?.content;
  if (!bodyDeclared) {
    const empty =
      x.requestBody === undefined ||
      (typeof x.requestBody === 'object' && x.requestBody !== null && !(x.requestBody instanceof FormData) && Object.keys(x.requestBody).length === 0);
    if (!empty) out.push(`${where}: a request body where none is declared`);
    return out;
  }
  const media = bodyDeclared[sentType];
  if (!media) {
    out.push(`${where}: request content type ${sentType || '(none)'} not declared (${Object.keys(bodyDeclared).join(', ')})`);
    return out;
  }
  if (!media.schema) return out;
  if (x.requestBody instanceof FormData) {
    const fields: Record<string, unknown> = {};
    const schemaProps = (media.schema.properties ?? {}) as Record<string, Json>;
    // A form field sent once is a string, sent more than once an array (files stand as their names).
    for (const [k, v] of x.requestBody.entries()) {
      const value = typeof v === 'string' ? v : `(file ${v.name})`;
      const prev = fields[k];
      fields[k] = prev === undefined ? (schemaProps[k]?.type === 'array' ? [value] : value) : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
    const schema = {
      ...media.schema,
      properties: Object.fromEntries(
        Object.entries(schemaProps).map(([k, s]) => [k, s.type === 'array' && (s.items as Json | undefined)?.contentMediaType ? { type: 'array' } : s]),
      ),
    };
    const fn = validator(`mp ${route.method} ${route.template}`, schema, true);
    if (!fn(fields)) out.push(`${where}: multipart request invalid: ${errorsOf(fn)}`);
    return out;
  }
  let body = x.requestBody;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return out;
    }
  }
  const fn = validator(`req ${route.method} ${route.template} ${sentType}`, media.schema);
  if (!fn(body ?? {})) out.push(`${where}: request body invalid: ${errorsOf(fn)}`);
  return out;
}

/** The mismatches of a webhook delivery with the document's `webhooks` entry for its event type. */
export function webhookProblems(headers: Record<string, string | string[] | undefined>, body: string): string[] {
  const c = load();
  let parsed: { type?: string };
  try {
    parsed = JSON.parse(body) as { type?: string };
  } catch {
    return [`a delivery that is not JSON: ${body.slice(0, 100)}`];
  }
  const hooks = (c.doc as unknown as { webhooks?: Record<string, { post: Operation }> }).webhooks ?? {};
  const op = hooks[String(parsed.type)]?.post;
  if (!op) return [`event ${String(parsed.type)} is not in the document's webhooks`];
  const out: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'header') continue;
    const value = headers[p.name.toLowerCase()];
    if (value === undefined) {
      if (p.required) out.push(`${parsed.type}: header ${p.name} missing`);
      continue;
    }
    const fn = validator(`wh-h ${parsed.type} ${p.name}`, p.schema);
    if (!fn(value)) out.push(`${parsed.type}: header ${p.name}=${String(value)} invalid: ${errorsOf(fn)}`);
  }
  const schema = op.requestBody?.content['application/json']?.schema;
  if (schema) {
    const type = String(parsed.type);
    const fn = validator(`wh ${type}`, schema);
    if (!fn(parsed as unknown)) out.push(`${type}: body invalid: ${errorsOf(fn)}`);
  }
  return out;
}
