import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, fieldCodes, problemOf, type ApiClient } from '../helpers/client';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';

/** REST contract of /api/user administration (spec §5, §7; issue 3). */
describe('user administration', () => {
  let app: TestApp;
  let accountId: number;
  let otherAccountId: number;
  let admin: ApiClient;

  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    accountId,
    username,
    password: 'Secret-pass-1',
    confirmPassword: 'Secret-pass-1',
    ...extra,
  });

  beforeAll(async () => {
    app = await startTestApp();
    accountId = await app.createAccount('USR');
    otherAccountId = await app.createAccount('USROTHER', 'otheradmin');
    await app.addUser(otherAccountId, { username: 'stranger', profileType: 'Basic' });
    await app.db
      .insertInto('resource')
      .values([
        { accountId, no: 'R01', description: 'Carpenter' },
        { accountId, no: 'R02', description: 'Plumber' },
        { accountId, no: 'OLD', description: 'Retired', active: false },
        { accountId: otherAccountId, no: 'X01', description: 'Theirs' },
      ])
      .execute();
    admin = await app.login('usradmin');
  });
  afterAll(() => app?.close());

  describe('create', () => {
    it('POST /api/user answers 201 with the record, defaults Basic/ENU, never the password', async () => {
      const res = await admin.post(
        '/api/user',
        newUser('  Anna  ', { teamCode: 'north', defaultDescription: 'Daily work', defaultResource: 'R01', lockDefaultResource: true, expirationDate: '2099-12-31' }),
      );
      expectStatus(res, 201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        accountId,
        username: 'Anna',
        profileType: 'Basic',
        teamCode: 'NORTH',
        languageCode: 'ENU',
        defaultDescription: 'Daily work',
        defaultResource: 'R01',
        lockDefaultResource: true,
        expirationDate: '2099-12-31',
        active: true,
        email: null,
        updatedAt: expect.any(String),
      });
      expect(res.text).not.toMatch(/password/i);
      // The new user can log in with the password.
      const anna = await app.login('anna', 'Secret-pass-1');
      expect((await anna.get('/api/user/info')).body).toMatchObject({ username: 'Anna', defaultResource: 'R01', lockDefaultResource: true });
    });

    it('accountId in the body is ignored: the user lands in the caller account', async () => {
      const res = await admin.post('/api/user', newUser('bodyacct', { accountId: otherAccountId }));
      expectStatus(res, 201);
      expect(res.body.accountId).toBe(accountId);
    });

    it('lock without a default resource is stored as false', async () => {
      const res = await admin.post('/api/user', newUser('nolock', { lockDefaultResource: true, defaultResource: '' }));
      expectStatus(res, 201);
      expect(res.body).toMatchObject({ defaultResource: null, lockDefaultResource: false });
    });

    it.each([
      ['username', { username: '' }, { code: 'REQUIRED' }],
      ['username', { username: '   ' }, { code: 'REQUIRED' }],
      ['username', { username: 'a'.repeat(21) }, { code: 'TOO_LONG', params: { max: '20' } }],
      ['username', { username: 'bad*name' }, { code: 'INVALID_CHARS' }],
      ['username', { username: 'API' }, { code: 'CANNOT_BE', params: { field: 'Username', value: 'API' } }],
      ['password', { password: '', confirmPassword: '' }, { code: 'REQUIRED' }],
      ['password', { password: 'short', confirmPassword: 'short' }, { code: 'PASSWORD_TOO_SHORT', params: { min: '8' } }],
      ['confirmPassword', { confirmPassword: 'Other-pass-1' }, { code: 'PASSWORDS_MUST_MATCH' }],
      ['profileType', { profileType: 'Boss' }, { code: 'VALUE_NOT_ALLOWED', params: { value: 'Boss' } }],
      ['languageCode', { languageCode: 'DEU' }, { code: 'VALUE_NOT_ALLOWED', params: { value: 'DEU' } }],
      ['teamCode', { teamCode: 'T'.repeat(21) }, { code: 'TOO_LONG', params: { max: '20' } }],
      ['teamCode', { teamCode: 'a;b' }, { code: 'INVALID_CHARS' }],
      ['defaultDescription', { defaultDescription: 'd'.repeat(101) }, { code: 'TOO_LONG', params: { max: '100' } }],
      ['defaultResource', { defaultResource: 'NOPE' }, { code: 'RESOURCE_NOT_ACTIVE' }],
      ['defaultResource', { defaultResource: 'OLD' }, { code: 'RESOURCE_NOT_ACTIVE' }],
      ['defaultResource', { defaultResource: 'X01' }, { code: 'RESOURCE_NOT_ACTIVE' }],
      ['expirationDate', { expirationDate: '2024-02-30' }, { code: 'INVALID_DATE' }],
      ['lockDefaultResource', { lockDefaultResource: 'yes' }, { code: 'MUST_BE_BOOLEAN' }],
    ])('%s %j → 400 %j', async (field, patch, refusal) => {
      const res = await admin.post('/api/user', newUser('valid1', patch));
      expectStatus(res, 400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errorCodes?.[field]).toContainEqual(expect.objectContaining(refusal));
      expect((await admin.get('/api/user/single?username=valid1')).status).toBe(404);
    });

    it('accepts the boundaries: 20-character username and team code, 100-character description', async () => {
      const res = await admin.post(
        '/api/user',
        newUser('u'.repeat(20), { teamCode: 't'.repeat(20), defaultDescription: 'd'.repeat(100), profileType: 'Teamleader', languageCode: 'DAN' }),
      );
      expectStatus(res, 201);
      expect(res.body).toMatchObject({ teamCode: 'T'.repeat(20), profileType: 'Teamleader', languageCode: 'DAN' });
    });

    it('usernames are unique across the installation, case-insensitively → 409', async () => {
      await admin.post('/api/user', newUser('Unique1'));
      for (const name of ['Unique1', 'UNIQUE1', 'unique1', 'usradmin', 'STRANGER', 'otheradmin']) {
        const res = await admin.post('/api/user', newUser(name));
        expectStatus(res, 409);
        expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', detail: 'Username already exists for this account' }); // spec §8's text
      }
    });

    it('two parallel creates of one name: one 201, one 409', async () => {
      const [a, b] = await Promise.all([admin.post('/api/user', newUser('Racer')), admin.post('/api/user', newUser('racer'))]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
    });
  });

  describe('read', () => {
    it('GET /api/user lists the account users without passwords and without other accounts', async () => {
      const res = await admin.get('/api/user');
      expectStatus(res, 200);
      const names = (res.body as Array<{ username: string }>).map((u) => u.username);
      expect(names).toContain('usradmin');
      expect(names).toContain('Anna');
      expect(names).not.toContain('stranger');
      expect(names).not.toContain('otheradmin');
      expect(res.text).not.toMatch(/password|hash/i);
      for (const u of res.body)
        expect(Object.keys(u).sort()).toEqual([
          'accountId',
          'active',
          'defaultDescription',
          'defaultResource',
          'email',
          'expirationDate',
          'id',
          'languageCode',
          'lockDefaultResource',
          'profileType',
          'teamCode',
          'updatedAt',
          'username',
        ]);
      // Ordered by name, case-insensitively.
      const lower = names.map((n) => n.toLowerCase());
      expect(lower).toEqual([...lower].sort());
    });

    it('GET /api/user/single?username= finds case-insensitively; another account answers 404', async () => {
      const res = await admin.get('/api/user/single?username=ANNA');
      expectStatus(res, 200);
      expect(res.body.username).toBe('Anna');
      expect((await admin.get('/api/user/single?username=stranger')).status).toBe(404);
      expect((await admin.get('/api/user/single?username=nobody')).status).toBe(404);
      const missing = await admin.get('/api/user/single');
      expectStatus(missing, 400);
      expect(fieldCodes(missing.body).username).toEqual(['REQUIRED']);
    });
  });

  describe('update', () => {
    it('PUT /api/user updates and returns the record; the username cannot change', async () => {
      await admin.post('/api/user', newUser('Bo', { defaultResource: 'R01', lockDefaultResource: true, teamCode: 'A' }));
      const res = await admin.put('/api/user', {
        username: 'bo',
        profileType: 'Teamleader',
        languageCode: 'DAN',
        teamCode: 'south',
        defaultDescription: 'Other',
        defaultResource: 'R02',
        lockDefaultResource: true,
        expirationDate: '2098-01-01',
        active: true,
      });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({
        username: 'Bo',
        profileType: 'Teamleader',
        languageCode: 'DAN',
        teamCode: 'SOUTH',
        defaultDescription: 'Other',
        defaultResource: 'R02',
        lockDefaultResource: true,
        expirationDate: '2098-01-01',
      });
    });

    it('fields left out keep their value; null clears', async () => {
      const res = await admin.put('/api/user', { username: 'Bo', profileType: 'Teamleader', languageCode: 'DAN' });
      expect(res.body).toMatchObject({ teamCode: 'SOUTH', defaultResource: 'R02', expirationDate: '2098-01-01' });
      const cleared = await admin.put('/api/user', { username: 'Bo', profileType: 'Teamleader', languageCode: 'DAN', teamCode: null, expirationDate: '', defaultDescription: '' });
      expect(cleared.body).toMatchObject({ teamCode: null, expirationDate: null, defaultDescription: null });
    });

    it('clearing the default resource clears the lock', async () => {
      const res = await admin.put('/api/user', { username: 'Bo', profileType: 'Teamleader', languageCode: 'DAN', defaultResource: null, lockDefaultResource: true });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ defaultResource: null, lockDefaultResource: false });
    });

    it('profileType and languageCode are required; other fields are validated', async () => {
      const res = await admin.raw('PUT', '/api/user', { username: 'Bo' }); // deliberately invalid
      expectStatus(res, 400);
      expect(fieldCodes(res.body)).toMatchObject({ profileType: ['REQUIRED'], languageCode: ['REQUIRED'] });
      const bad = await admin.put('/api/user', {
        username: 'Bo',
        profileType: 'Basic',
        languageCode: 'ENU',
        teamCode: 'x'.repeat(21),
        defaultResource: 'OLD',
        expirationDate: 'tomorrow',
      });
      expectStatus(bad, 400);
      expect(bad.body.errorCodes?.teamCode).toEqual([{ code: 'TOO_LONG', params: { max: '20' } }]);
      expect(fieldCodes(bad.body).expirationDate).toContain('INVALID_DATE');
      const inactive = await admin.put('/api/user', { username: 'Bo', profileType: 'Basic', languageCode: 'ENU', defaultResource: 'OLD' });
      expectStatus(inactive, 400);
      expect(fieldCodes(inactive.body).defaultResource).toEqual(['RESOURCE_NOT_ACTIVE']);
    });

    it('a default resource deactivated later does not block other edits', async () => {
      await admin.post('/api/user', newUser('Carl', { defaultResource: 'R02' }));
      await app.db.updateTable('resource').set({ active: false }).where('accountId', '=', accountId).where('no', '=', 'R02').execute();
      const res = await admin.put('/api/user', { username: 'Carl', profileType: 'Basic', languageCode: 'DAN', defaultResource: 'R02' });
      expectStatus(res, 200);
      await app.db.updateTable('resource').set({ active: true }).where('accountId', '=', accountId).where('no', '=', 'R02').execute();
    });

    it("another account's user answers 404 and is not changed", async () => {
      const res = await admin.put('/api/user', { username: 'stranger', profileType: 'Admin', languageCode: 'ENU' });
      expectStatus(res, 404);
      const row = await app.db.selectFrom('appUser').select('profileType').where('username', '=', 'stranger').executeTakeFirstOrThrow();
      expect(row.profileType).toBe('Basic');
    });
  });

  describe('rules for oneself', () => {
    it('the logged-in admin cannot change their own role', async () => {
      const res = await admin.put('/api/user', { username: 'usradmin', profileType: 'Basic', languageCode: 'ENU' });
      expectStatus(res, 400);
      expect(res.body.code).toBe('OWN_ROLE');
      expect(fieldCodes(res.body).profileType).toEqual(['OWN_ROLE']);
    });

    it('… nor their own expiration date', async () => {
      const res = await admin.put('/api/user', { username: 'usradmin', profileType: 'Admin', languageCode: 'ENU', expirationDate: '2030-01-01' });
      expectStatus(res, 400);
      expect(fieldCodes(res.body).expirationDate).toEqual(['OWN_EXPIRATION']);
    });

    it('… nor deactivate themselves', async () => {
      const res = await admin.put('/api/user', { username: 'usradmin', profileType: 'Admin', languageCode: 'ENU', active: false });
      expectStatus(res, 400);
      expect(fieldCodes(res.body).active).toEqual(['OWN_DEACTIVATE']);
    });

    it('… but may change the rest of their own user (same role and expiration sent back)', async () => {
      const res = await admin.put('/api/user', { username: 'USRADMIN', profileType: 'Admin', languageCode: 'ENU', teamCode: 'hq', expirationDate: null, active: true });
      expectStatus(res, 200);
      expect(res.body.teamCode).toBe('HQ');
      expect((await admin.get('/api/user/info')).status).toBe(200);
    });

    it('… and cannot delete themselves (409)', async () => {
      const res = await admin.del('/api/user', { username: 'usradmin' });
      expectStatus(res, 409);
      expect(res.body.code).toBe('OWN_DELETE');
    });

    it('the API key has no "self": it may change any admin', async () => {
      const { client } = await app.apiKeyClient(accountId);
      await admin.post('/api/user', newUser('Admin2', { profileType: 'Admin' }));
      const res = await client.put('/api/user', { username: 'Admin2', profileType: 'Basic', languageCode: 'ENU' });
      expectStatus(res, 200);
      expect(res.body.profileType).toBe('Basic');
    });
  });

  describe('sessions', () => {
    it('a password change ends the user sessions and the new password works', async () => {
      await admin.post('/api/user', newUser('Dora'));
      const dora = await app.login('dora', 'Secret-pass-1');
      expect((await dora.get('/api/user/info')).status).toBe(200);
      const res = await admin.put('/api/user/change-password', { username: 'DORA', password: 'Brand-new-1', confirmPassword: 'Brand-new-1' });
      expectStatus(res, 204);
      expect(res.text).toBe('');
      expect((await dora.get('/api/user/info')).status).toBe(401);
      await expect(app.login('dora', 'Secret-pass-1')).rejects.toThrow();
      const again = await app.login('dora', 'Brand-new-1');
      expect((await again.get('/api/user/info')).status).toBe(200);
    });

    it('an admin changing their own password keeps the current session but ends the others', async () => {
      const second = await app.login('usradmin');
      const res = await admin.put('/api/user/change-password', { username: 'usradmin', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
      expectStatus(res, 204);
      expect((await admin.get('/api/user/info')).status).toBe(200);
      expect((await second.get('/api/user/info')).status).toBe(401);
    });

    it('change-password validates: required, matching, minimum length', async () => {
      const mismatch = await admin.put('/api/user/change-password', { username: 'Dora', password: 'Brand-new-2', confirmPassword: 'Brand-new-3' });
      expectStatus(mismatch, 400);
      expect(fieldCodes(mismatch.body).confirmPassword).toEqual(['PASSWORDS_MUST_MATCH']);
      const empty = await admin.raw('PUT', '/api/user/change-password', { username: 'Dora' }); // deliberately invalid
      expectStatus(empty, 400);
      expect(fieldCodes(empty.body)).toMatchObject({ password: ['REQUIRED'], confirmPassword: ['REQUIRED'] });
      const short = await admin.put('/api/user/change-password', { username: 'Dora', password: 'abc', confirmPassword: 'abc' });
      expect(problemOf(short).errorCodes?.password).toEqual([{ code: 'PASSWORD_TOO_SHORT', params: { min: '8' } }]);
      const other = await admin.put('/api/user/change-password', { username: 'stranger', password: 'Brand-new-2', confirmPassword: 'Brand-new-2' });
      expectStatus(other, 404);
    });

    it('a password change lifts a login lock-out', async () => {
      await admin.post('/api/user', newUser('Locky'));
      for (let i = 0; i < 5; i++) await app.anonymous().post('/api/user/login', { username: 'locky', password: 'wrong-wrong' });
      const locked = await app.anonymous().post('/api/user/login', { username: 'locky', password: 'Secret-pass-1' });
      expect(problemOf(locked)).toMatchObject({ code: 'LOCKED_OUT', detail: 'User is locked out' }); // spec §8's text
      await admin.put('/api/user/change-password', { username: 'Locky', password: 'Unlocked-1', confirmPassword: 'Unlocked-1' });
      expect((await app.anonymous().post('/api/user/login', { username: 'locky', password: 'Unlocked-1' })).status).toBe(200);
    });

    it('a role change ends that user sessions; an unrelated edit does not', async () => {
      await admin.post('/api/user', newUser('Eve'));
      const eve = await app.login('eve', 'Secret-pass-1');
      await admin.put('/api/user', { username: 'Eve', profileType: 'Basic', languageCode: 'DAN', teamCode: 'X' });
      expect((await eve.get('/api/user/info')).status).toBe(200);
      await admin.put('/api/user', { username: 'Eve', profileType: 'Teamleader', languageCode: 'DAN' });
      expect((await eve.get('/api/user/info')).status).toBe(401);
    });

    it('deactivation ends that user sessions and blocks login; reactivation allows it again', async () => {
      await admin.post('/api/user', newUser('Finn'));
      const finn = await app.login('finn', 'Secret-pass-1');
      const res = await admin.put('/api/user', { username: 'Finn', profileType: 'Basic', languageCode: 'ENU', active: false });
      expect(expectOk(res).active).toBe(false);
      expect((await finn.get('/api/user/info')).status).toBe(401);
      const login = await app.anonymous().post('/api/user/login', { username: 'finn', password: 'Secret-pass-1' });
      expectStatus(login, 401);
      expect(login.body).toMatchObject({ code: 'NOT_ALLOWED_TO_LOGIN', detail: 'User not allowed to log in' }); // spec §8's text
      await admin.put('/api/user', { username: 'Finn', profileType: 'Basic', languageCode: 'ENU', active: true });
      expect((await app.anonymous().post('/api/user/login', { username: 'finn', password: 'Secret-pass-1' })).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('DELETE /api/user answers 204 and the user is gone (sessions too)', async () => {
      await admin.post('/api/user', newUser('Gina'));
      const gina = await app.login('gina', 'Secret-pass-1');
      const res = await admin.del('/api/user', { username: 'gina' });
      expectStatus(res, 204);
      expect(res.text).toBe('');
      expect((await admin.get('/api/user/single?username=Gina')).status).toBe(404);
      expect((await gina.get('/api/user/info')).status).toBe(401);
      // The name is free again.
      expect((await admin.post('/api/user', newUser('Gina'))).status).toBe(201);
    });

    it('a user who owns worksheet entries cannot be deleted: 409 suggesting deactivation', async () => {
      await admin.post('/api/user', newUser('Hans'));
      await app.db.insertInto('customer').values({ accountId, no: 'C1', name: 'Customer' }).execute();
      await app.db.insertInto('job').values({ accountId, code: 'J1', billToCustomerNo: 'C1' }).execute();
      await app.db
        .insertInto('worksheetRecord')
        .values({
          accountId,
          username: 'Hans',
          date: '2025-01-02',
          jobCode: 'J1',
          unitType: 'Resource',
          unitNo: 'R01',
          description: 'Work',
          quantity: 1,
          unitOfMeasureCode: 'HOUR',
          createdBy: 'Hans',
          exported: true,
        })
        .execute();
      const res = await admin.del('/api/user', { username: 'hans' });
      expectStatus(res, 409);
      expect(res.body.code).toBe('USER_HAS_ENTRIES');
      expect((await admin.get('/api/user/single?username=hans')).status).toBe(200);
    });

    it("another account's user and a missing user answer 404; username is required", async () => {
      expect((await admin.del('/api/user', { username: 'stranger' })).status).toBe(404);
      expect((await admin.del('/api/user', { username: 'nobody' })).status).toBe(404);
      const res = await admin.raw('DELETE', '/api/user', {}); // deliberately invalid
      expectStatus(res, 400);
      expect(fieldCodes(res.body).username).toEqual(['REQUIRED']);
      expect(await app.db.selectFrom('appUser').select('id').where('username', '=', 'stranger').executeTakeFirst()).toBeDefined();
    });
  });

  describe('authorization', () => {
    let basic: ApiClient;
    let leader: ApiClient;
    beforeAll(async () => {
      await app.addUser(accountId, { username: 'u-basic', profileType: 'Basic' });
      await app.addUser(accountId, { username: 'u-leader', profileType: 'Teamleader', teamCode: 'A' });
      basic = await app.login('u-basic');
      leader = await app.login('u-leader');
    });

    it('Basic and Teamleader get 403 on every user admin call', async () => {
      for (const client of [basic, leader]) {
        expect((await client.get('/api/user')).status).toBe(403);
        expect((await client.get('/api/user/single?username=u-basic')).status).toBe(403);
        expect((await client.post('/api/user', newUser('sneaky'))).status).toBe(403);
        expect((await client.put('/api/user', { username: 'u-basic', profileType: 'Admin', languageCode: 'ENU' })).status).toBe(403);
        expect((await client.del('/api/user', { username: 'Anna' })).status).toBe(403);
        expect((await client.put('/api/user/change-password', { username: 'usradmin', password: 'Hijack-pass-1', confirmPassword: 'Hijack-pass-1' })).status).toBe(403);
        // Their own info call still works.
        expect((await client.get('/api/user/info')).status).toBe(200);
      }
      expect((await app.db.selectFrom('appUser').select('profileType').where('username', '=', 'u-basic').executeTakeFirstOrThrow()).profileType).toBe('Basic');
    });

    it('anonymous callers get 401', async () => {
      const anon = app.anonymous();
      expect((await anon.get('/api/user')).status).toBe(401);
      expect((await anon.post('/api/user', newUser('anon1'))).status).toBe(401);
    });

    it('the API key manages users of its own account only', async () => {
      const { client } = await app.apiKeyClient(accountId);
      const created = await client.post('/api/user', newUser('ViaKey', { accountId: otherAccountId }));
      expectStatus(created, 201);
      expect(created.body.accountId).toBe(accountId);
      const list = await client.get('/api/user');
      expect(expectOk(list).map((u: { username: string }) => u.username)).toContain('ViaKey');
      expect(expectOk(list).map((u: { username: string }) => u.username)).not.toContain('stranger');
      expect((await client.get('/api/user/single?username=stranger')).status).toBe(404);
      expect((await client.put('/api/user/change-password', { username: 'ViaKey', password: 'Key-pass-12', confirmPassword: 'Key-pass-12' })).status).toBe(204);
      expect((await client.del('/api/user', { username: 'ViaKey' })).status).toBe(204);
      expect((await client.del('/api/user', { username: 'stranger' })).status).toBe(404);
    });

    it('issue 41: the e-mail single sign-on links a pre-created user by — set, checked, unique per account, cleared', async () => {
      const created = await admin.post('/api/user', newUser('Mailer', { email: 'mailer@example.com' }));
      expectStatus(created, 201);
      expect(created.body.email).toBe('mailer@example.com');
      expect(problemOf(await admin.post('/api/user', newUser('Mailer2', { email: 'not-an-address' })))).toMatchObject({
        status: 400,
        errorCodes: { email: [{ code: 'EMAIL_FORMAT' }] },
      });
      expect(problemOf(await admin.post('/api/user', newUser('Mailer3', { email: 'MAILER@example.com' })))).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
      const other = await admin.post('/api/user', newUser('Mailer4'));
      expectStatus(other, 201);
      expect(other.body.email).toBeNull();
      expect(problemOf(await admin.put('/api/user', { username: 'Mailer4', profileType: 'Basic', languageCode: 'ENU', email: 'mailer@example.com' }))).toMatchObject({
        status: 409,
        code: 'EMAIL_TAKEN',
      });
      const set = await admin.put('/api/user', { username: 'Mailer4', profileType: 'Basic', languageCode: 'ENU', email: 'four@example.com' });
      expectStatus(set, 200);
      expect(set.body.email).toBe('four@example.com');
      const cleared = await admin.put('/api/user', { username: 'Mailer', profileType: 'Basic', languageCode: 'ENU', email: '' });
      expectStatus(cleared, 200);
      expect(cleared.body.email).toBeNull();
    });
  });
});
