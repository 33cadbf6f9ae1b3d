import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, fieldCodes, type ApiClient, type JsonBody } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

/** REST contract of /api/account (spec §7, issue 3): settings, flag rules, API key, authorization. */
describe('account settings and API key', () => {
  let app: TestApp;
  let accountId: number;
  let otherAccountId: number;
  let admin: ApiClient;
  let basic: ApiClient;
  let leader: ApiClient;

  const settings = (overrides: Partial<JsonBody<'/api/account', 'put'>> = {}): JsonBody<'/api/account', 'put'> => ({
    id: accountId,
    showCustomer: true,
    showJobTask: true,
    showLocation: true,
    showWorkType: true,
    mandatoryJobTask: false,
    mandatoryLocation: false,
    mandatoryWorkType: false,
    defaultUnitType: 'Resource',
    resourceUnits: 'Time',
    ...overrides,
  });

  beforeAll(async () => {
    app = await startTestApp();
    accountId = await app.createAccount('ACCT');
    otherAccountId = await app.createAccount('OTHERACCT');
    await app.addUser(accountId, { username: 'acct-basic', profileType: 'Basic' });
    await app.addUser(accountId, { username: 'acct-leader', profileType: 'Teamleader', teamCode: 'A' });
    admin = await app.login('acctadmin');
    basic = await app.login('acct-basic');
    leader = await app.login('acct-leader');
  });
  afterAll(() => app?.close());

  it('GET /api/account answers the settings of the caller and never key material', async () => {
    const res = await admin.get('/api/account');
    expectStatus(res, 200);
    expect(res.body).toEqual({
      id: accountId,
      code: 'ACCT',
      name: 'ACCT A/S',
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      expirationDate: null,
      active: true,
      showCustomer: true,
      showJobTask: true,
      showLocation: true,
      showWorkType: true,
      mandatoryJobTask: false,
      mandatoryLocation: false,
      mandatoryWorkType: false,
      defaultUnitType: 'Resource',
      resourceUnits: 'Time',
      bcDocumentPrefix: 'WT',
      submitWeeks: false,
    });
    await admin.post('/api/account/generate-api-key');
    const again = await admin.get('/api/account');
    expect(Object.keys(again.body as object).some((k) => /key|hash|encrypted/i.test(k))).toBe(false);
    expect(again.text).not.toMatch(/wt_/);
  });

  it('PUT /api/account saves the settings and returns them', async () => {
    const res = await admin.put(
      '/api/account',
      settings({ showCustomer: false, mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true, defaultUnitType: 'Item', resourceUnits: 'Quantity' }),
    );
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: accountId,
      showCustomer: false,
      mandatoryJobTask: true,
      mandatoryLocation: true,
      mandatoryWorkType: true,
      defaultUnitType: 'Item',
      resourceUnits: 'Quantity',
    });
    expect((await admin.get('/api/account')).body).toMatchObject({ showCustomer: false, defaultUnitType: 'Item', resourceUnits: 'Quantity' });
    // The user info call follows the account's resource units.
    expect((await admin.get('/api/user/info')).body).toMatchObject({ resourceUnits: 'Quantity' });
  });

  it('turning off showJobTask/showLocation/showWorkType clears the matching mandatory flag', async () => {
    await admin.put('/api/account', settings({ mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true }));
    for (const [show, mandatory] of [
      ['showJobTask', 'mandatoryJobTask'],
      ['showLocation', 'mandatoryLocation'],
      ['showWorkType', 'mandatoryWorkType'],
    ] as const) {
      await admin.put('/api/account', settings({ mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true }));
      // Even when the same request asks for mandatory: a hidden field cannot be mandatory.
      const res = await admin.put('/api/account', settings({ [show]: false, mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true }));
      expectStatus(res, 200);
      expect(res.body[show]).toBe(false);
      expect(res.body[mandatory]).toBe(false);
      const others = (['mandatoryJobTask', 'mandatoryLocation', 'mandatoryWorkType'] as const).filter((m) => m !== mandatory);
      for (const o of others) expect(res.body[o]).toBe(true);
    }
  });

  it('flags left out keep their value; only show turned off clears a stored mandatory flag', async () => {
    await admin.put('/api/account', settings({ mandatoryLocation: true }));
    const res = await admin.put('/api/account', { id: accountId, defaultUnitType: 'Resource', resourceUnits: 'Time', showLocation: false });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ showLocation: false, mandatoryLocation: false, showJobTask: true, showCustomer: true });
  });

  it('defaultUnitType and resourceUnits are required and checked', async () => {
    // deliberately without the required fields
    const res = await admin.raw('PUT', '/api/account', { id: accountId });
    expectStatus(res, 400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(fieldCodes(res.body)).toMatchObject({ defaultUnitType: ['REQUIRED'], resourceUnits: ['REQUIRED'] });

    // deliberately values the document does not allow
    const bad = await admin.raw('PUT', '/api/account', { ...settings(), defaultUnitType: 'Machine', resourceUnits: 'Hours', showCustomer: 'maybe' });
    expectStatus(bad, 400);
    expect(bad.body.errorCodes?.defaultUnitType).toEqual([{ code: 'VALUE_NOT_ALLOWED', params: { value: 'Machine' } }]);
    expect(bad.body.errorCodes?.resourceUnits).toEqual([{ code: 'VALUE_NOT_ALLOWED', params: { value: 'Hours' } }]);
    expect(fieldCodes(bad.body).showCustomer).toEqual(['MUST_BE_BOOLEAN']);

    const noId = await admin.raw('PUT', '/api/account', { defaultUnitType: 'Item', resourceUnits: 'Time' }); // deliberately without id
    expectStatus(noId, 400);
    expect(fieldCodes(noId.body).id).toEqual(['REQUIRED']);
  });

  it("another account's id answers 404 and changes nothing", async () => {
    const before = await app.db.selectFrom('account').selectAll().where('id', '=', otherAccountId).executeTakeFirstOrThrow();
    const res = await admin.put('/api/account', settings({ id: otherAccountId, showCustomer: false }));
    expectStatus(res, 404);
    expect(res.body.code).toBe('NOT_FOUND');
    const missing = await admin.put('/api/account', settings({ id: 999999 }));
    expectStatus(missing, 404);
    const after = await app.db.selectFrom('account').selectAll().where('id', '=', otherAccountId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('code, name, expiration and status are not changed through PUT: refused as unknown fields (issue 37)', async () => {
    // deliberately fields the document does not take
    const res = await admin.raw('PUT', '/api/account', { ...settings(), code: 'HACK', name: 'Hacked', active: false, expirationDate: '2000-01-01' });
    expectStatus(res, 400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_FIELD', errorCodes: { code: [{ code: 'UNKNOWN_FIELD' }], name: [{ code: 'UNKNOWN_FIELD' }] } });
    const after = await admin.get('/api/account');
    expectStatus(after, 200);
    expect(after.body).toMatchObject({ code: 'ACCT', name: 'ACCT A/S', active: true, expirationDate: null });
  });

  it('Basic and Teamleader get 403 on every account call; anonymous 401', async () => {
    for (const client of [basic, leader]) {
      expect((await client.get('/api/account')).status).toBe(403);
      expect((await client.put('/api/account', settings())).status).toBe(403);
      expect((await client.get('/api/account/api-key')).status).toBe(403);
      expect((await client.post('/api/account/generate-api-key')).status).toBe(403);
    }
    const anon = app.anonymous();
    expect((await anon.get('/api/account')).status).toBe(401);
    expect((await anon.get('/api/account/api-key')).status).toBe(401);
    expect((await anon.post('/api/account/generate-api-key')).status).toBe(401);
  });

  it('GET /api/account/api-key answers null before a key exists', async () => {
    const fresh = await app.createAccount('NOKEY');
    const freshAdmin = await app.login('nokeyadmin');
    const res = await freshAdmin.get('/api/account/api-key');
    expectStatus(res, 200);
    expect(res.body).toEqual({ apiKey: null });
    expect(fresh).toBeGreaterThan(0);
  });

  it('a generated key works, is shown to the admin, and a new one replaces it at once', async () => {
    const gen = await admin.post('/api/account/generate-api-key');
    expectStatus(gen, 200);
    const key = gen.body.apiKey as string;
    expect(key).toMatch(/^wt_/);
    expect((await admin.get('/api/account/api-key')).body).toEqual({ apiKey: key });

    const integrator = app.anonymous({ apiKey: key, origin: null });
    const viaKey = await integrator.get('/api/account');
    expectStatus(viaKey, 200);
    expect(viaKey.body.id).toBe(accountId);
    // Authorization: Bearer works too.
    const bearer = await app.anonymous({ origin: null }).request('GET', '/api/account', undefined, { Authorization: `Bearer ${key}` });
    expectStatus(bearer, 200);

    const next = await admin.post('/api/account/generate-api-key');
    expectStatus(next, 200);
    const newKey = next.body.apiKey as string;
    expect(newKey).not.toBe(key);
    expect((await integrator.get('/api/account')).status).toBe(401);
    expect((await app.anonymous({ apiKey: newKey, origin: null }).get('/api/account')).status).toBe(200);
    expect((await admin.get('/api/account/api-key')).body).toEqual({ apiKey: newKey });
  });

  it('the API key may read itself, save settings and rotate itself; the old key then answers 401', async () => {
    const { client, key } = await app.apiKeyClient(accountId);
    expect((await client.get('/api/account/api-key')).body).toEqual({ apiKey: key });
    const put = await client.put('/api/account', settings({ resourceUnits: 'Quantity' }));
    expectStatus(put, 200);
    expect(put.body.resourceUnits).toBe('Quantity');
    expect((await client.put('/api/account', settings({ id: otherAccountId }))).status).toBe(404);

    const rotated = await client.post('/api/account/generate-api-key');
    expectStatus(rotated, 200);
    const newKey = rotated.body.apiKey as string;
    expect(newKey).not.toBe(key);
    const old = await client.get('/api/account');
    expectStatus(old, 401);
    expect(old.body.code).toBe('INVALID_API_KEY');
    expect((await app.anonymous({ apiKey: newKey, origin: null }).get('/api/account')).status).toBe(200);
  });

  it("keys are per account: one account's key never reaches another account", async () => {
    const { client } = await app.apiKeyClient(otherAccountId);
    const res = await client.get('/api/account');
    expectStatus(res, 200);
    expect(res.body.id).toBe(otherAccountId);
    expect((await client.put('/api/account', settings())).status).toBe(404);
    const ours = expectOk(await admin.get('/api/account/api-key'));
    const theirs = expectOk(await client.get('/api/account/api-key'));
    expect(ours.apiKey).not.toBe(theirs.apiKey);
  });

  it('the key is stored hashed and encrypted, never in clear text', async () => {
    const key = expectOk(await admin.post('/api/account/generate-api-key')).apiKey as string;
    const row = await app.db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.apiKeyHash).toBeTruthy();
    expect(row.apiKeyEncrypted).toBeTruthy();
  });

  it('state-changing cookie requests need a same-origin Origin', async () => {
    const cross = app.anonymous({ origin: 'https://evil.example' });
    cross.cookie = admin.cookie;
    const res = await cross.post('/api/account/generate-api-key');
    expectStatus(res, 403);
  });
});
