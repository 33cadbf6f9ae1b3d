/** A tiny HTTP client for the REST paths: keeps the session cookie and sends a same-origin Origin. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiClientOptions {
  apiKey?: string;
  origin?: string | null;
}

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
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string) { return this.request<T>('GET', path); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  post<T = any>(path: string, body?: unknown) { return this.request<T>('POST', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  put<T = any>(path: string, body?: unknown) { return this.request<T>('PUT', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
  del<T = any>(path: string, body?: unknown) { return this.request<T>('DELETE', path, body ?? {}); } // eslint-disable-line @typescript-eslint/no-explicit-any -- see request()
}
