import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded load on a loopback URL (autocannon). */
export async function load(url: string, opts: { headers?: Record<string, string>; seconds?: number; connections?: number; method?: 'GET' | 'POST'; body?: string } = {}): Promise<LoadResult> {
  const r = await autocannon({
    url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    duration: opts.seconds ?? 5,
    connections: opts.connections ?? 10,
    pipelining: 1,
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: (r.latency as unknown as Record<string, number>).p97_5 ?? r.latency.p99,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export const fmt = (r: LoadResult) => `${r.rps} req/s, p50 ${r.p50} ms, p95≈p97.5 ${r.p95} ms, p99 ${r.p99} ms${r.errors || r.non2xx ? `, errors ${r.errors}, non-2xx ${r.non2xx}` : ''}`;

export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}
