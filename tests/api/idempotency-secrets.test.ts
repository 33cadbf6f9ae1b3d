import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

/**
 * Issue 21 §4, decision 0191: a create that answers a secret (the webhook signing secret) never
 * leaves it in the idempotency record; a replay answers the endpoint without it.
 */
let app: TestApp;
let key: ApiClient;
let accountId: number;

beforeAll(async () => {
  // A public address for the endpoint's name; nothing is ever delivered in this file.
  app = await startTestApp({ resolveHost: () => Promise.resolve([{ address: '93.184.215.14', family: 4 }]) });
  accountId = await app.createAccount('IDSEC');
  key = (await app.apiKeyClient(accountId)).client;
});
afterAll(() => app?.close());

describe('Idempotency-Key on POST /api/webhooks', () => {
  it('stores no secret, and a replay answers the same endpoint without its secret', async () => {
    const body = { url: 'https://hooks.example/in', events: ['worksheet.created' as const] };
    const first = await key.request('POST', '/api/webhooks', body, { 'Idempotency-Key': 'wh-create-1' });
    expectStatus(first, 201);
    const secret = (first.body as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);

    const rows = await app.db.selectFrom('idempotencyKey').select(['responseBody', 'state']).where('accountId', '=', accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('done');
    expect(rows[0]!.responseBody).not.toContain(secret);
    expect(rows[0]!.responseBody).not.toContain('whsec_');

    const again = await key.request('POST', '/api/webhooks', body, { 'Idempotency-Key': 'wh-create-1' });
    expectStatus(again, 201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).not.toContain('whsec_');
    const { secret: _left, ...record } = first.body as Record<string, unknown>;
    expect(again.body).toEqual(record);
    // Still one endpoint: the replay created nothing.
    expect(((await key.get('/api/webhooks')).body as unknown[]).length).toBe(1);
  });
});
