import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';

/** Every call of spec §7, as method + path (path parameters as OpenAPI templates). */
const crud = (base: string, singleQuery = true) => [
  `GET /api/${base}`,
  ...(singleQuery ? [`GET /api/${base}/single`] : []),
  `POST /api/${base}`,
  `PUT /api/${base}`,
  `DELETE /api/${base}`,
];
const SPEC_CALLS = [
  'GET /api/user/info',
  'GET /api/account',
  'PUT /api/account',
  'GET /api/account/api-key',
  'POST /api/account/generate-api-key',
  'GET /api/worksheet',
  'GET /api/worksheet/{id}',
  'POST /api/worksheet',
  'PUT /api/worksheet',
  'DELETE /api/worksheet',
  'PUT /api/worksheet/approve',
  'POST /api/worksheet/download',
  'GET /api/attachment/{worksheetId}/{attachmentId}',
  ...['customer', 'job', 'jobtask', 'location', 'worktype', 'item', 'resource', 'unit'].map((e) => `GET /api/${e}/search`),
  ...crud('user'),
  'PUT /api/user/change-password',
  'POST /api/user/login',
  'GET /api/user/logout',
  ...crud('item'),
  ...crud('resource'),
  'GET /api/unit/all/{unitType}',
  'GET /api/unit/single/{unitType}',
  'POST /api/unit',
  'PUT /api/unit',
  'DELETE /api/unit',
  ...crud('location'),
  ...crud('worktype'),
  ...crud('customer'),
  ...crud('job'),
  'GET /api/jobtask/all',
  'GET /api/jobtask/single',
  'POST /api/jobtask',
  'PUT /api/jobtask',
  'DELETE /api/jobtask',
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('the REST contract of spec §7', () => {
  it('lists every call of the spec in /api/openapi.json', async () => {
    const doc = (await app.anonymous().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const published = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const missing = SPEC_CALLS.filter((c) => !published.has(c));
    expect(missing).toEqual([]);
  });

  it('answers every call of the spec (401 without a login, never 404 or 405)', async () => {
    const anon = app.anonymous();
    for (const call of SPEC_CALLS) {
      if (call === 'POST /api/user/login' || call === 'GET /api/user/logout') continue;
      const [method, template] = call.split(' ') as [string, string];
      const path = template.replace(/\{[^}]+\}/g, '1');
      const res = await anon.raw(method, path, method === 'GET' ? undefined : {}); // every call of the spec, without its fields
      expect({ call, status: res.status }).toEqual({ call, status: 401 });
    }
  });

  it('documents each operation with its schemas and problem answers', async () => {
    const doc = (await app.anonymous().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>> };
    const item = doc.paths['/api/item']!;
    expect(item.post!.requestBody).toBeDefined();
    expect(item.post!.responses['201']).toBeDefined();
    expect(item.delete!.responses['204']).toBeDefined();
    expect(item.get!.responses['403']).toBeDefined();
    const ws = doc.paths['/api/worksheet']!.post!.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(ws.content)).toContain('multipart/form-data');
  });
});
