import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMasterData } from '../../db/seed/demo';
import { appRouter } from '../../src/server/routers/app';
import type { ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

/**
 * Issue 37 §1: a key an input does not declare is refused — 400 UNKNOWN_FIELD naming it in
 * `errorCodes` — on every REST operation and every tRPC procedure, and nothing is written.
 * The inputs are deliberately invalid, so they go through `raw()`.
 */
let app: TestApp;
let admin: ApiClient;
let key: ApiClient;
let doc: { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Array<{ in: string }> }>> };

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('STR');
  await seedMasterData(app.db, accountId);
  key = (await app.apiKeyClient(accountId)).client;
  admin = await app.login('stradmin');
  doc = (await app.anonymous().get('/api/openapi.json')).body as typeof doc;
});
afterAll(() => app?.close());

const UNKNOWN = 'zzUnknownField';
const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');

function expectUnknownField(res: { status: number; body: unknown }, where: string) {
  expect(res.status, where).toBe(400);
  const body = res.body as { code?: string; errorCodes?: Record<string, Array<{ code: string }>> };
  expect(body.code, where).toBe('UNKNOWN_FIELD');
  expect(body.errorCodes?.[UNKNOWN]?.[0]?.code, where).toBe('UNKNOWN_FIELD');
}

describe('REST', () => {
  it('every write with a body refuses one unknown key', async () => {
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get' || !op.requestBody) continue;
        const res = await key.raw(method.toUpperCase(), concrete(path), { [UNKNOWN]: 1 });
        expectUnknownField(res, `${method} ${path}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('every read with a query refuses one unknown query parameter', async () => {
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op || !(op.parameters ?? []).some((p) => p.in === 'query')) continue;
      const res = await key.raw('GET', `${concrete(path)}?${UNKNOWN}=1`);
      expectUnknownField(res, `GET ${path}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('unknown keys named like Object.prototype members are 400s, never a 500 (fuzz: {"valueOf":0})', async () => {
    for (const name of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      // deliberately an unknown key with a prototype member's name (JSON.parse makes "__proto__" an own key)
      const res = await admin.raw('PUT', '/api/worksheet/download/preferences', JSON.parse(`{"${name}":0}`) as Record<string, unknown>);
      expect(res.status, `${name}: ${res.text}`).toBe(400);
    }
  });

  it('a misspelled field writes nothing: worksheet and customer', async () => {
    const before = (await admin.get('/api/customer/all')).body as unknown[];
    // `colour` is no field of a customer
    const customer = await admin.raw('POST', '/api/customer', { no: 'C-STRICT', name: 'Strict', colour: 'red' });
    expect(customer.status).toBe(400);
    expect((customer.body as { errorCodes: Record<string, Array<{ code: string; params: Record<string, string> }>> }).errorCodes.colour).toEqual([
      { code: 'UNKNOWN_FIELD', params: { field: 'colour' } },
    ]);
    expect(((await admin.get('/api/customer/all')).body as unknown[]).length).toBe(before.length);

    const entry = {
      date: '2026-11-23',
      jobCode: 'J-1001',
      jobtaskCode: '100',
      unitType: 'Resource',
      unitNo: 'R01',
      description: 'x',
      timeFrom: '07:00',
      timeTo: '08:00',
      unitOfMeasureCode: 'HOUR',
    };
    const ws = await admin.raw('POST', '/api/worksheet', entry);
    expect(ws.status).toBe(400);
    expect((ws.body as { code: string }).code).toBe('UNKNOWN_FIELD');
    const count = await app.db
      .selectFrom('worksheetRecord')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('tRPC', () => {
  it('every procedure with an object input refuses one unknown key', async () => {
    let checked = 0;
    for (const [name, procedure] of Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: Array<{ _zod: { def: { type: string } } }> } }>,
    )) {
      const input = procedure._def.inputs[0];
      if (!input || input._zod.def.type !== 'object') continue;
      const res =
        procedure._def.type === 'query'
          ? await admin.raw('GET', `/api/trpc/${name}?input=${encodeURIComponent(JSON.stringify({ [UNKNOWN]: 1 }))}`)
          : await admin.raw('POST', `/api/trpc/${name}`, { [UNKNOWN]: 1 });
      expect(res.status, name).toBe(400);
      const data = (res.body as { error?: { data?: { appCode?: string; errorCodes?: Record<string, Array<{ code: string }>> } } }).error?.data;
      expect(data?.appCode, name).toBe('UNKNOWN_FIELD');
      expect(data?.errorCodes?.[UNKNOWN]?.[0]?.code, name).toBe('UNKNOWN_FIELD');
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });
});
