/**
 * A NUL (or any text PostgreSQL cannot hold) inside a cursor answers 400, never 500 (issue 21):
 * PostgreSQL refuses "invalid byte sequence for encoding UTF8: 0x00", so the cursor decoder must
 * refuse it first. Admin lists (REST and tRPC) and the worksheet list, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAdminCursor } from '../../src/shared/admin-paging';
import type { ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('NULC');
  await app.db
    .insertInto('item')
    .values([
      { accountId, no: 'I1', description: 'One' },
      { accountId, no: 'I2', description: 'Two' },
    ])
    .execute();
  admin = await app.login('nulcadmin');
});
afterAll(() => app?.close());

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** Cursors a client could forge: well-formed base64url of JSON this server would never write. */
const forged = [
  encodeAdminCursor({ sort: 'key', dir: 'asc', text: null, key: 'I1\u0000' }),
  encodeAdminCursor({ sort: 'text', dir: 'asc', text: 'On\u0000e', key: 'I1' }),
  encodeAdminCursor({ sort: 'text', dir: 'asc', text: 'One', key: '\u0000' }),
  b64url('["a1","text","asc","\\ud800","I1"]'),
  b64url('["a1","key","asc",null,"\\u0000"]'),
];

describe('a NUL inside a cursor', () => {
  for (const path of ['/api/item', '/api/resource', '/api/customer', '/api/job']) {
    it(`${path}: every forged cursor answers 400 with the cursor named`, async () => {
      for (const cursor of forged) {
        const sort = cursor === forged[0] || cursor === forged[4] ? 'key' : 'text';
        const res = await admin.get(`${path}?sort=${sort}&cursor=${encodeURIComponent(cursor)}`);
        expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
        expect(JSON.stringify(res.body)).toContain('cursor');
      }
      // A raw NUL or other junk in the query is 400 too.
      for (const raw of ['%00', 'abc%00def', '%C3%28', 'a'.repeat(2000)]) {
        expect((await admin.get(`${path}?cursor=${raw}`)).status).toBe(400);
      }
    });
  }

  it('the tRPC admin list refuses it too (400, not 500)', async () => {
    for (const cursor of forged) {
      const sort = cursor === forged[0] || cursor === forged[4] ? 'key' : 'text';
      const input = encodeURIComponent(JSON.stringify({ 0: { sort, cursor } }));
      const res = await admin.get(`/api/trpc/item.list?batch=1&input=${input}`);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
    }
  });

  it('the worksheet list answers 400 for a NUL cursor', async () => {
    for (const cursor of [b64url('w1:2026-11-20:1\u0000'), b64url('w1:2026-11-20\u0000:1'), '%00', 'AAAA%00']) {
      const res = await admin.get(`/api/worksheet?mode=ALL&cursor=${cursor.startsWith('%') || cursor.includes('%') ? cursor : encodeURIComponent(cursor)}`);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
    }
  });
});
