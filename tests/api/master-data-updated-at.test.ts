import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { startWorld, type MasterDataWorld } from './master-data-fixtures';

/**
 * Issue 42 §3 (decision 0499): a create or update answer carries the record's `updatedAt` as the
 * lists show it, so that a client syncing with `updatedSince` can take the answer's value. Every
 * master-data entity and the users: create, update, and the list shows the update's instant.
 */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.app.close());

type Rec = Record<string, unknown>;

interface Case {
  name: string;
  create: [string, Rec];
  update: [string, Rec];
  list: string;
  /** the list's record of this case */
  pick: (r: Rec) => boolean;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(client: ApiClient, method: 'POST' | 'PUT', path: string, body: Rec): Promise<Rec> {
  // the cases' bodies are typed by entity; one loop over them sends them untyped
  const res = await client.raw(method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(method === 'POST' ? 201 : 200);
  return res.body as Rec;
}

describe('updatedAt in master-data write answers', () => {
  it('create and update answer the updatedAt the list then shows; an update answers a newer one', async () => {
    // references the others need
    await send(w.admin, 'POST', '/api/customer', { no: 'UA-C0', name: 'Bill-to' });
    await send(w.admin, 'POST', '/api/job', { code: 'UA-J0', description: 'Tasks', billToCustomerNo: 'UA-C0', teamCode: '' });

    const cases: Case[] = [
      {
        name: 'customer',
        create: ['/api/customer', { no: 'UA-C1', name: 'Before' }],
        update: ['/api/customer', { no: 'UA-C1', name: 'After' }],
        list: '/api/customer',
        pick: (r) => r.no === 'UA-C1',
      },
      {
        name: 'job',
        create: ['/api/job', { code: 'UA-J1', description: 'Before', billToCustomerNo: 'UA-C0', teamCode: '' }],
        update: ['/api/job', { code: 'UA-J1', description: 'After', billToCustomerNo: 'UA-C0', teamCode: '' }],
        list: '/api/job',
        pick: (r) => r.code === 'UA-J1',
      },
      {
        name: 'job task',
        create: ['/api/jobtask', { jobCode: 'UA-J0', code: 'T1', description: 'Before' }],
        update: ['/api/jobtask', { jobCode: 'UA-J0', code: 'T1', description: 'After' }],
        list: '/api/jobtask/all?jobCode=UA-J0',
        pick: (r) => r.code === 'T1',
      },
      {
        name: 'item',
        create: ['/api/item', { no: 'UA-I1', description: 'Before' }],
        update: ['/api/item', { no: 'UA-I1', description: 'After' }],
        list: '/api/item',
        pick: (r) => r.no === 'UA-I1',
      },
      {
        name: 'resource',
        create: ['/api/resource', { no: 'UA-R1', description: 'Before' }],
        update: ['/api/resource', { no: 'UA-R1', description: 'After' }],
        list: '/api/resource',
        pick: (r) => r.no === 'UA-R1',
      },
      {
        name: 'unit of measure',
        create: ['/api/unit', { unitType: 'Item', unitNo: 'UA-I1', code: 'BOX', description: 'Before' }],
        update: ['/api/unit', { unitType: 'Item', unitNo: 'UA-I1', code: 'BOX', description: 'After' }],
        list: '/api/unit/all/Item?unitNo=UA-I1',
        pick: (r) => r.code === 'BOX',
      },
      {
        name: 'work type',
        create: ['/api/worktype', { code: 'UA-W1', description: 'Before', unitOfMeasureCode: '' }],
        update: ['/api/worktype', { code: 'UA-W1', description: 'After', unitOfMeasureCode: '' }],
        list: '/api/worktype',
        pick: (r) => r.code === 'UA-W1',
      },
      {
        name: 'location',
        create: ['/api/location', { code: 'UA-L1', name: 'Before' }],
        update: ['/api/location', { code: 'UA-L1', name: 'After' }],
        list: '/api/location',
        pick: (r) => r.code === 'UA-L1',
      },
      {
        name: 'user',
        create: ['/api/user', { username: 'ua-user', password: 'Secret-pass-1', confirmPassword: 'Secret-pass-1' }],
        update: ['/api/user', { username: 'ua-user', profileType: 'Teamleader', languageCode: 'DAN' }],
        list: '/api/user',
        pick: (r) => r.username === 'ua-user',
      },
    ];

    for (const c of cases) {
      const created = await send(w.admin, 'POST', ...c.create);
      expect(created.updatedAt, `${c.name}: the create answer`).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/));
      await delay(5);
      const updated = await send(w.admin, 'PUT', ...c.update);
      expect(typeof updated.updatedAt, `${c.name}: the update answer`).toBe('string');
      expect(new Date(updated.updatedAt as string).getTime(), `${c.name}: newer than the create's`).toBeGreaterThan(new Date(created.updatedAt as string).getTime());
      const list = (await w.admin.raw('GET', c.list)).body as Rec[];
      const listed = list.find(c.pick);
      expect(listed?.updatedAt, `${c.name}: the list shows the update's`).toBe(updated.updatedAt);
    }
  });
});
