import type { inferRouterOutputs } from '@trpc/server';
import { expect } from 'vitest';
import type { AppRouter } from '../../src/server/routers/app';
import type { components, paths } from './api-types.gen';
import { contractProblems } from './openapi-validator';

/**
 * A tiny HTTP client for the REST paths: keeps the session cookie and sends a same-origin Origin.
 * Every exchange is held to the OpenAPI document (tests/helpers/openapi-validator.ts): an answer
 * that the document does not describe, or an accepted request it does not allow, throws, so the
 * test that made the call fails. `contract: false` is for the few calls that are not an
 * integrator's (a deliberately hostile request whose answer a test inspects byte by byte).
 *
 * Typed from the same document (tests/helpers/api-types.gen.ts, `npm run test:types`): `get`,
 * `post`, `put` and `del` find the operation by the path (a concrete `/api/worksheet/12` or
 * `/api/worksheet/${id}?…` matches the template `/api/worksheet/{id}`), take its JSON (or
 * multipart) request body, and answer a union by status — each declared status with its body, a
 * refusal as the Problem of problem+json. Narrow it by status (`expectStatus(res, 200)`, `expectOk`)
 * before reading a body. A path the document does not know answers `unknown`. `raw()` sends
 * anything — for a test that deliberately sends what the document does not allow.
 */
export type Problem = components['schemas']['Problem'];

/** What every answer has, whatever its status. */
interface Exchange {
  headers: Headers;
  text: string;
}
/** An answer whose status and body the document does not describe (an unknown path, `raw()`). */
export interface ApiResponse<T = unknown> extends Exchange {
  status: number;
  body: T;
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** `/api/x?a=1` → `/api/x` */
type StripQuery<S extends string> = S extends `${infer P}?${string}` ? P : S;
type Segments<S extends string> = S extends `${infer H}/${infer T}` ? [H, ...Segments<T>] : [S];
/** Segment by segment: `{name}` matches any one non-empty segment, anything else itself. */
type SegmentsMatch<T extends string[], S extends string[]> = T extends [infer TH extends string, ...infer TT extends string[]]
  ? S extends [infer SH extends string, ...infer ST extends string[]]
    ? TH extends `{${string}}`
      ? SH extends ''
        ? false
        : SegmentsMatch<TT, ST>
      : [SH] extends [TH]
        ? SegmentsMatch<TT, ST>
        : false
    : false
  : S extends []
    ? true
    : false;
type Templates = { [P in keyof paths]: P extends `${string}{${string}` ? P : never }[keyof paths];
/** The document's path template a concrete path is an instance of (a static path before a template, as the server matches). */
export type PathOf<S extends string> =
  StripQuery<S> extends keyof paths ? StripQuery<S> : { [P in Templates]: SegmentsMatch<Segments<P>, Segments<StripQuery<S>>> extends true ? P : never }[Templates];

/** The operation of a method on a concrete path, or never when the document has none. */
export type OperationOf<S extends string, M extends Method> = [PathOf<S>] extends [never]
  ? never
  : PathOf<S> extends infer P extends keyof paths
    ? paths[P] extends { [K in M]: infer Op }
      ? Op
      : never
    : never;

/** The client hands over JSON as parsed, any other answer as its text. */
type BodyOf<R> = R extends { content: infer C } ? { [T in keyof C]: T extends `${string}json` ? C[T] : string }[keyof C] : string;
type StatusOf<K> = K extends number ? K : K extends `${infer N extends number}` ? N : number;
/** One member per declared status, with that status's body. */
export type Answer<Op> = Op extends { responses: infer R } ? { [K in keyof R]: Exchange & { status: StatusOf<K>; body: BodyOf<R[K]> } }[keyof R] : never;

/** The answer of a method on a concrete path, a union by status (untyped when the document has no such operation). */
export type ResponseFor<S extends string, M extends Method> = [OperationOf<S, M>] extends [never] ? ApiResponse : Answer<OperationOf<S, M>>;

type RawResponseFor<S extends string, M extends string> = Lowercase<M> extends Method ? (string extends M ? ApiResponse : ResponseFor<S, Lowercase<M>>) : ApiResponse;

type JsonOrForm<C> = (C extends { 'application/json': infer J } ? J : never) | (C extends { 'multipart/form-data': unknown } ? FormData : never);
/** The request body the document takes for the operation: its JSON (or a FormData for multipart), nothing when it takes none. */
type BodyFor<S extends string, M extends Method> = [OperationOf<S, M>] extends [never]
  ? unknown
  : OperationOf<S, M> extends { requestBody: { content: infer C } }
    ? JsonOrForm<C>
    : OperationOf<S, M> extends { requestBody?: { content: infer C } }
      ? JsonOrForm<C> | undefined
      : Record<string, never> | undefined;

/** The JSON request body the document takes for a method on a path (e.g. `JsonBody<'/api/account', 'put'>`). */
export type JsonBody<S extends string, M extends Method> = Exclude<BodyFor<S, M>, FormData | undefined>;
/** The body of the answer with status N of a method on a path (e.g. `AnswerBody<'/api/worksheet/week', 'get'>`). */
export type AnswerBody<S extends string, M extends Method, N extends number = 200> = Extract<ResponseFor<S, M>, { status: N }>['body'];

export interface ApiClientOptions {
  apiKey?: string;
  origin?: string | null;
  /** hold every exchange to the OpenAPI document (default true) */
  contract?: boolean;
}

export class ContractError extends Error {}

export class ApiClient {
  cookie: string | null = null;
  constructor(
    readonly baseUrl: string,
    readonly options: ApiClientOptions = {},
  ) {}

  /**
   * Any method, any path, any body — for a test that sends what the document does not allow on
   * purpose (a missing field, a malformed body, a method a path does not take). The answer is typed
   * as `request()` types it when the method is a literal, else untyped. Still held to the document
   * unless `contract: false`.
   */
  raw<S extends string, M extends string>(method: M, path: S, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponseFor<S, M>> {
    return this.send(method.toUpperCase(), path, body, headers) as Promise<RawResponseFor<S, M>>;
  }

  private async send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse> {
    const h: Record<string, string> = { ...headers };
    const origin = this.options.origin === undefined ? this.baseUrl : this.options.origin;
    if (origin) h.Origin = origin;
    if (this.cookie) h.Cookie = this.cookie;
    if (this.options.apiKey) h['X-Api-Key'] = this.options.apiKey;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['Content-Type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      if (!pair?.startsWith('webtid_session=')) continue;
      this.cookie = /Max-Age=0/i.test(c) ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    if (this.options.contract !== false) {
      const problems = contractProblems({ method, url: path, requestHeaders: h, requestBody: body, status: res.status, headers: res.headers, text, body: parsed });
      if (problems.length) throw new ContractError(`The answer disagrees with /api/openapi.json:\n${problems.join('\n')}`);
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  /**
   * A documented call: the answer typed by the document. The cast is the one place the document's
   * word is taken for the JSON — and the contract check above has just held the answer to it.
   */
  request<S extends string, M extends Method | Uppercase<Method>>(
    method: M,
    path: S,
    body: BodyFor<S, Lowercase<M>>,
    headers: Record<string, string> = {},
  ): Promise<ResponseFor<S, Lowercase<M>>> {
    return this.send(method.toUpperCase(), path, body, headers) as Promise<ResponseFor<S, Lowercase<M>>>;
  }

  get<S extends string>(path: S, headers?: Record<string, string>) {
    return this.request(
      'get',
      path,
      undefined as BodyFor<S, 'get'>, // a GET sends no body
      headers,
    );
  }
  post<S extends string>(path: S, ...[body, headers]: OptionalIfUndefined<BodyFor<S, 'post'>>) {
    return this.request('post', path, (body ?? {}) as BodyFor<S, 'post'>, headers);
  }
  put<S extends string>(path: S, ...[body, headers]: OptionalIfUndefined<BodyFor<S, 'put'>>) {
    return this.request('put', path, (body ?? {}) as BodyFor<S, 'put'>, headers);
  }
  del<S extends string>(path: S, ...[body, headers]: OptionalIfUndefined<BodyFor<S, 'delete'>>) {
    return this.request('delete', path, (body ?? {}) as BodyFor<S, 'delete'>, headers);
  }
}

/** The body argument is optional where the document takes none or an optional one. */
type OptionalIfUndefined<B> = undefined extends B ? [body?: B, headers?: Record<string, string>] : [body: B, headers?: Record<string, string>];

/** The members of an answer union that can have status S (an untyped answer is narrowed to S). */
export type WithStatus<R extends { status: number }, S extends number> = R extends unknown
  ? S extends R['status']
    ? number extends R['status']
      ? R & { status: S }
      : R
    : never
  : never;
type Ok<R extends { status: number }> = R extends unknown ? (number extends R['status'] ? R : `${R['status']}` extends `2${string}` ? R : never) : never;

/** Fails the test unless the answer has this status (the answer's text in the message); narrows the answer to it. */
export function expectStatus<R extends { status: number; text: string }, S extends R['status']>(res: R, status: S): asserts res is WithStatus<R, S> & R {
  expect(res.status, res.text).toBe(status);
}

/** Fails the test unless the answer is 2xx; the body of that answer. */
export function expectOk<R extends { status: number; text: string; body: unknown }>(res: R): Ok<R>['body'] {
  expect(res.status >= 200 && res.status < 300, `${res.status} ${res.text}`).toBe(true);
  return res.body as Ok<R>['body'];
}

type Refused<R extends { status: number }> = R extends unknown ? (number extends R['status'] ? R : `${R['status']}` extends `2${string}` ? never : R) : never;

type RefusalBody<R extends { status: number; body: unknown }> = unknown extends R['body'] ? Problem : Refused<R>['body'];

/**
 * Fails the test unless the answer is a refusal (not 2xx); the body of that answer — the document's
 * Problem. An answer the document does not type (an unknown path) must say application/problem+json.
 */
export function problemOf<R extends { status: number; headers: Headers; text: string; body: unknown }>(res: R): RefusalBody<R> {
  expect(res.status >= 300, `${res.status} ${res.text}`).toBe(true);
  if (res.status >= 300) expect(res.headers.get('content-type') ?? '').toContain('application/problem+json');
  return res.body as RefusalBody<R>;
}

/**
 * A refusal's field errors as field → codes (its `errorCodes` without the params). Tests assert the
 * codes, not the English `errors` (docs/conventions.md ## Tests); assert `errorCodes` itself where
 * a param is the point (the max of TOO_LONG).
 */
export function fieldCodes(problem: Pick<Problem, 'errorCodes'>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problem.errorCodes ?? {}).map(([field, list]) => [field, list.map((e) => e.code)]));
}

type TrpcOutputs = inferRouterOutputs<AppRouter>;
type OutputAt<T, P extends string> = P extends `${infer H}.${infer R}` ? (H extends keyof T ? OutputAt<T[H], R> : never) : P extends keyof T ? T[P] : never;

/**
 * The output of a tRPC call's answer (`/api/trpc/…`, outside the OpenAPI document), typed from the
 * router: `trpcData(res, 'report.glance')`. `index` picks the call of a batch (`?batch=1`); without
 * a batch the answer is one `{ result: { data } }`. Fails the test unless the answer is 200.
 */
export function trpcData<P extends string>(res: { status: number; text: string; body: unknown }, procedure: P, index = 0): OutputAt<TrpcOutputs, P> {
  expect(res.status, `${procedure}: ${res.text}`).toBe(200);
  const one = Array.isArray(res.body) ? (res.body as unknown[])[index] : res.body;
  expect(one, procedure).toHaveProperty('result.data');
  return (one as { result: { data: OutputAt<TrpcOutputs, P> } }).result.data;
}
