/**
 * Errors carry a stable code and params beside the English detail (decision 0160), on the REST
 * paths (problem+json `code`, `params`, `errorCodes`) and on /api/trpc (`data.appCode`, `data.params`,
 * `data.errorCodes`); a duplicate key answers on its field. The English is asserted as the
 * catalogue's rendering of the code (`errorText`), not as a copy of its wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../src/shared/error-codes';
import { ApiClient, expectStatus } from '../helpers/client';
import { startWorld, type MasterDataWorld } from './master-data-fixtures';

let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/customer', { no: 'C2', name: 'Two' });
});
afterAll(() => w?.app.close());

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('REST problem+json', () => {
  it('a validation error: code VALIDATION, and each field message with its code and params', async () => {
    const res = await w.admin.raw('POST', '/api/customer', { no: 'X'.repeat(21) }); // deliberately without name, and too long
    expectStatus(res, 400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 400, detail: errorText('VALIDATION'), code: 'VALIDATION', params: {} });
    // the English of each field message stays beside its code
    expect(res.body.errors).toEqual({ no: [errorText('TOO_LONG', { max: 20 })], name: [errorText('REQUIRED')] });
    expect(res.body.errorCodes).toEqual({ no: [{ code: 'TOO_LONG', params: { max: '20' } }], name: [{ code: 'REQUIRED', params: {} }] });
  });

  it('404: code NOT_FOUND', async () => {
    const res = await w.admin.get('/api/customer/single?no=NOPE');
    expectStatus(res, 404);
    expect(res.body).toMatchObject({ detail: errorText('NOT_FOUND'), code: 'NOT_FOUND', params: {} });
  });

  it('409 for a duplicate key: code MD_EXISTS with params, and the same error on the key field', async () => {
    const res = await w.admin.post('/api/customer', { no: 'C2', name: 'Again' });
    expectStatus(res, 409);
    const exists = errorText('MD_EXISTS', { entity: 'Customer', key: 'C2' });
    expect(res.body).toMatchObject({ detail: exists, code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } });
    expect(res.body.errors).toEqual({ no: [exists] });
    expect(res.body.errorCodes).toEqual({ no: [{ code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } }] });
    const job = await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C2' });
    expectStatus(job, 201);
    const dupJob = await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C2' });
    expect(dupJob.body).toMatchObject({
      status: 409,
      code: 'MD_EXISTS',
      params: { entity: 'Job', key: 'J1' },
      errorCodes: { code: [{ code: 'MD_EXISTS', params: { entity: 'Job', key: 'J1' } }] },
    });
    await w.admin.post('/api/item', { no: 'I1', description: 'Item' });
    await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'I1', code: 'BOX', description: 'Box' });
    const dupUnit = await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'I1', code: 'BOX', description: 'Box' });
    expect(dupUnit.body).toMatchObject({
      status: 409,
      code: 'MD_EXISTS_FOR',
      params: { entity: 'Unit of measure', key: 'BOX', parent: 'Item', parentKey: 'I1' },
      errorCodes: { code: [{ code: 'MD_EXISTS_FOR' }] },
    });
  });

  it('409 for a stale version: code STALE', async () => {
    const created = await w.admin.post('/api/customer', { no: 'C3', name: 'Three' });
    expectStatus(created, 201);
    expect((await w.admin.put('/api/customer', { no: 'C3', name: 'Three A', version: created.body.version })).status).toBe(200);
    const stale = await w.admin.put('/api/customer', { no: 'C3', name: 'Three B', version: created.body.version });
    expectStatus(stale, 409);
    expect(stale.body).toMatchObject({ detail: errorText('STALE'), code: 'STALE', params: {} });
  });

  it('the HTTP layer and the caller checks carry codes too', async () => {
    expect((await w.basic.get('/api/customer')).body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const anonymous = await w.app.anonymous().get('/api/customer');
    expect(anonymous.body).toMatchObject({ status: 401, detail: errorText('UNAUTHORIZED'), code: 'UNAUTHORIZED' });
  });
});

describe('/api/trpc error data', () => {
  it('a validation error: appCode and per-field codes', async () => {
    const res = await w.admin.get(`/api/trpc/customer.search?batch=1&input=${input({ 0: { q: 'x'.repeat(300) } })}`);
    expectStatus(res, 400);
    const [call] = res.body as Array<{ error: { message: string; data: Record<string, unknown> } }>;
    expect(call!.error.message).toBe(errorText('VALIDATION'));
    expect(call!.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, appCode: 'VALIDATION', params: {} });
    expect(call!.error.data.errorCodes).toEqual({ q: [{ code: 'TOO_LONG', params: { max: expect.any(String) } }] });
  });

  it('404 and a duplicate key (on its field)', async () => {
    const missing = await w.admin.get(`/api/trpc/customer.single?batch=1&input=${input({ 0: { no: 'NOPE' } })}`);
    expect(missing.body).toMatchObject([{ error: { message: errorText('NOT_FOUND'), data: { httpStatus: 404, appCode: 'NOT_FOUND', params: {} } } }]);
    const dup = await w.admin.post('/api/trpc/customer.create?batch=1', { 0: { no: 'C2', name: 'Again' } });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject([
      {
        error: {
          message: errorText('MD_EXISTS', { entity: 'Customer', key: 'C2' }),
          data: {
            httpStatus: 409,
            appCode: 'MD_EXISTS',
            params: { entity: 'Customer', key: 'C2' },
            errors: { no: [errorText('MD_EXISTS', { entity: 'Customer', key: 'C2' })] },
            errorCodes: { no: [{ code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } }] },
          },
        },
      },
    ]);
  });

  it('a refusal before the body: UNAUTHORIZED', async () => {
    const res = await w.app.anonymous().get(`/api/trpc/customer.list?batch=1&input=${input({ 0: {} })}`);
    expectStatus(res, 401);
    expect(res.body).toMatchObject([{ error: { data: { httpStatus: 401, appCode: 'UNAUTHORIZED' } } }]);
  });
});

describe("one pipeline: every /api/trpc refusal in tRPC's envelope, every REST refusal in problem+json (issue 20)", () => {
  it('CSRF on a tRPC mutation: 403 in the envelope, code CSRF, per call of a batch', async () => {
    const noOrigin = new ApiClient(w.app.url, { origin: null });
    noOrigin.cookie = w.admin.cookie;
    const res = await noOrigin.post('/api/trpc/customer.create,customer.create?batch=1', { 0: { no: 'X1', name: 'x' }, 1: { no: 'X2', name: 'y' } });
    expectStatus(res, 403);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toMatchObject([
      { error: { message: errorText('CSRF'), data: { code: 'FORBIDDEN', httpStatus: 403, appCode: 'CSRF' } } },
      { error: { data: { appCode: 'CSRF' } } },
    ]);
    // the same on REST is problem+json
    const rest = await noOrigin.post('/api/customer', { no: 'X1', name: 'x' });
    expect(rest.headers.get('content-type')).toContain('application/problem+json');
    expect(rest.body).toMatchObject({ status: 403, code: 'CSRF' });
  });

  it('several procedures without ?batch=1, and a batch over the cap: 400 in the envelope, nothing run', async () => {
    const unbatched = await w.admin.get('/api/trpc/customer.list,customer.list');
    expectStatus(unbatched, 400);
    expect(unbatched.body).toMatchObject({ error: { data: { httpStatus: 400, appCode: 'BATCH_NEEDED' } } });
    const calls = Array.from({ length: 11 }, () => 'customer.list').join(',');
    const over = await w.admin.get(`/api/trpc/${calls}?batch=1`);
    expectStatus(over, 400);
    expect(over.body).toMatchObject({ error: { data: { appCode: 'TOO_MANY_CALLS', params: { max: '10' } } } });
  });

  it('an unknown API path: 404 problem+json with its code; a known path with another method: 405 with Allow', async () => {
    const none = await w.admin.get('/api/no-such-thing');
    expect(none.body).toMatchObject({ status: 404, code: 'NO_API_PATH', params: { method: 'GET', path: '/api/no-such-thing' } });
    const wrong = await w.admin.del('/api/user/info');
    expectStatus(wrong, 405);
    expect(wrong.headers.get('allow')).toBeTruthy();
    expect(wrong.body).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
  });
});
