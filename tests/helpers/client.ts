import { contractProblems } from './openapi-validator';

/**
 * A tiny HTTP client for the REST paths: keeps the session cookie and sends a same-origin Origin.
 * Every exchange is held to the OpenAPI document (tests/helpers/openapi-validator.ts): an answer
 * that the document does not describe, or an accepted request it does not allow, throws, so the
 * test that made the call fails. `contract: false` is for the few calls that are not an
 * integrator's (a deliberately hostile request whose answer a test inspects byte by byte).
 */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiClientOptions {
  apiKey?: string;
  origin?: string | null;
  /** hold every exchange to the OpenAPI document (default true) */
  contract?: boolean;
}

export class ContractError extends Error {}

export class ApiClient {
  cookie: string | null = null;
  constructor(readonly baseUrl: string, readonly options: ApiClientOptions = {}) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON
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
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string) { return this.request<T>('GET', path); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  post<T = any>(path: string, body?: unknown) { return this.request<T>('POST', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  put<T = any>(path: string, body?: unknown) { return this.request<T>('PUT', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  del<T = any>(path: string, body?: unknown) { return this.request<T>('DELETE', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
}
