/**
 * An integrator's client of NS-Webtid, typed from /api/openapi.json with openapi-typescript and
 * called with openapi-fetch (issue 19 point 4). No casts on API data: every shape below is the
 * document's. tests/api/example-client.test.ts regenerates `api.d.ts` from the live document,
 * compiles this file with `tsc --strict` and runs it against a real server, so a contract change
 * that would break an integrator breaks CI first.
 *
 *   npm run example:types -- http://localhost:3000/api/openapi.json   # writes examples/integrator/api.d.ts
 *   WEBTID_URL=http://localhost:3000 WEBTID_API_KEY=… npx tsx examples/integrator/client.ts
 */
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths, webhooks } from './api.js';

export type Client = ReturnType<typeof connect>;

/** A client for one account: the API key goes in `X-Api-Key` on every call. */
export function connect(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = globalThis.fetch) {
  return createClient<paths>({ baseUrl, headers: { 'X-Api-Key': apiKey }, fetch: fetchImpl });
}

/** The `cursor` of the next page from an RFC 8288 `Link: <…>; rel="next"` header, or null on the last page. */
export function nextCursor(response: Response): string | null {
  const link = response.headers.get('Link');
  const target = link ? /<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] : undefined;
  return target ? new URL(target, 'http://base.invalid').searchParams.get('cursor') : null;
}

type Item = paths['/api/item']['get']['responses'][200]['content']['application/json'][number];

/** Every item of the account, following the `Link` header page by page. */
export async function allItems(client: Client, pageSize = 100): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data, error, response } = await client.GET('/api/item', { params: { query: { limit: pageSize, cursor } } });
    if (error) throw new Error(`GET /api/item: ${error.status} ${error.detail}`);
    items.push(...data);
    const next = nextCursor(response);
    if (!next) return items;
    cursor = next;
  }
}

type Day = paths['/api/worksheet']['get']['responses'][200]['content']['application/json'][number];

/** Every open entry of the period, day groups merged across pages (a day may continue on the next page). */
export async function openEntries(client: Client, from: string, to: string): Promise<Day['worksheet']> {
  const entries: Day['worksheet'] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data, error, response } = await client.GET('/api/worksheet', { params: { query: { mode: 'ALL', from, to, cursor } } });
    if (error) throw new Error(`GET /api/worksheet: ${error.status} ${error.detail}`);
    for (const day of data) entries.push(...day.worksheet);
    const next = nextCursor(response);
    if (!next) return entries;
    cursor = next;
  }
}

type NewEntry = paths['/api/worksheet']['post']['requestBody']['content']['multipart/form-data'];
type Entry = paths['/api/worksheet']['post']['responses'][201]['content']['application/json'];

/** Form fields as text, photos as files: the multipart body of a create. */
function toForm(entry: NewEntry): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entry)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) form.append(name, v instanceof Blob ? v : String(v));
    else form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/**
 * Creates an entry with photos (multipart/form-data; `attachments` is typed Blob[]). The
 * Idempotency-Key makes a retry after a timeout safe: the same key answers the first answer.
 */
export async function createWithPhotos(client: Client, entry: NewEntry, idempotencyKey: string): Promise<Entry> {
  const form = toForm(entry);
  const { data, error } = await client.POST('/api/worksheet', {
    body: entry,
    bodySerializer: () => form,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (error) throw new Error(`POST /api/worksheet: ${error.status} ${error.detail} ${JSON.stringify(error.errors ?? {})}`);
  return data;
}

/** Approves (or unapproves) one entry, as a team leader or the API key may. */
export async function approve(client: Client, id: number, isApproved = true): Promise<Entry> {
  const { data, error } = await client.PUT('/api/worksheet/approve', { body: { id, isApproved } });
  if (error) throw new Error(`PUT /api/worksheet/approve: ${error.status} ${error.detail}`);
  return data;
}

/** Downloads the entries as CSV (international flavour) and marks them as exported. */
export async function downloadAndMark(client: Client, ids: number[]): Promise<string> {
  const { data, error } = await client.POST('/api/worksheet/download', {
    body: { entries: ids, mode: 'ALL', shouldMarkAsExported: true, csvFormat: 'international' },
    parseAs: 'text',
  });
  if (error) throw new Error(`POST /api/worksheet/download: ${error.status} ${error.detail}`);
  // The operation answers CSV text or an xlsx Blob (format=xlsx); this call asked for CSV.
  if (typeof data !== 'string') throw new Error('expected CSV text');
  return data;
}

/** Registers a webhook endpoint; the signing secret is in this answer only. */
export async function subscribe(client: Client, url: string): Promise<{ id: number; secret: string }> {
  const { data, error } = await client.POST('/api/webhooks', { body: { url, events: ['worksheet.created', 'worksheet.approved', 'worksheet.exported'] } });
  if (error) throw new Error(`POST /api/webhooks: ${error.status} ${error.detail}`);
  // Absent only on an Idempotency-Key replay (the secret is never stored): rotate it then.
  if (!data.secret) throw new Error('No signing secret in the answer: rotate it with POST /api/webhooks/rotate-secret');
  return { id: data.id, secret: data.secret };
}

type Delivery =
  | webhooks['worksheet.created']['post']['requestBody']['content']['application/json']
  | webhooks['worksheet.approved']['post']['requestBody']['content']['application/json']
  | webhooks['worksheet.exported']['post']['requestBody']['content']['application/json'];

/**
 * Verifies a delivery's Standard Webhooks signature and answers its typed body; throws on a bad
 * signature or a stale timestamp. De-duplicate on `webhook-id`: delivery is at least once.
 */
export function verifyDelivery(secret: string, rawBody: string, headers: Record<string, string>): Delivery {
  const verified: unknown = new Webhook(secret).verify(rawBody, headers);
  if (!isDelivery(verified)) throw new Error('not a delivery of the subscribed events');
  return verified;
}

function isDelivery(v: unknown): v is Delivery {
  if (typeof v !== 'object' || v === null || !('type' in v) || !('data' in v) || !('timestamp' in v)) return false;
  return v.type === 'worksheet.created' || v.type === 'worksheet.approved' || v.type === 'worksheet.exported';
}

/** What a delivery says, by event type: the compiler knows each payload's fields. */
export function describeDelivery(d: Delivery): string {
  switch (d.type) {
    case 'worksheet.exported':
      return `${d.data.by} exported ${d.data.count} entries: ${d.data.ids.join(', ')}${d.data.batchId ? ` (batch ${d.data.batchId})` : ''}`;
    default:
      return `${d.type} #${d.data.id} by ${d.data.by}`;
  }
}

async function main(): Promise<void> {
  const url = process.env.WEBTID_URL;
  const key = process.env.WEBTID_API_KEY;
  if (!url || !key) throw new Error('Set WEBTID_URL and WEBTID_API_KEY');
  const client = connect(url, key);
  const items = await allItems(client, 2);
  console.log(`${items.length} items`);
  const today = new Date().toISOString().slice(0, 10);
  const entries = await openEntries(client, today.slice(0, 8) + '01', today);
  console.log(`${entries.length} open entries this month`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
