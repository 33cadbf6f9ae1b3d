import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, appOrigin, PASSWORD } from './helpers';

/**
 * The longest values the spec allows (§9: 20-character numbers, codes and team codes,
 * 10-character location/work type/unit codes, 100-character names and descriptions), seeded once
 * per e2e server for the layout, print and a11y tests.
 */
// Wide letters and unbreakable Danish compounds: the worst case for a table cell.
export const code20 = 'WWWWWWWWWWWWWWWWWWW1';
export const code10 = 'WWWWWWWWW1';
const longWord = 'Totalentreprisehåndværksvirksomheden';
export const text100 = `${longWord} ${'Kælderrenovering og badeværelse '.repeat(3)}`.slice(0, 100);

async function api(admin: APIRequestContext, method: 'POST' | 'PUT', path: string, data: Record<string, unknown>): Promise<unknown> {
  const res = await admin.fetch(path, { method, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (res.headers()['content-type'] ?? '').includes('json') ? await res.json() : null;
}

async function seedLongValues(admin: APIRequestContext): Promise<void> {
  await api(admin, 'POST', '/api/customer', { no: code20, name: text100 });
  await api(admin, 'POST', '/api/job', { code: code20, description: text100, billToCustomerNo: code20, teamCode: code20 });
  await api(admin, 'POST', '/api/item', { no: code20, description: text100 });
  await api(admin, 'POST', '/api/resource', { no: code20, description: text100 });
  await api(admin, 'POST', '/api/unit', { unitType: 'Resource', unitNo: code20, code: code10, description: text100.slice(0, 50) });
  await api(admin, 'POST', '/api/location', { code: code10, name: text100 });
  await api(admin, 'POST', '/api/worktype', { code: code10, description: text100, unitOfMeasureCode: code10 });
  await api(admin, 'POST', '/api/jobtask', { jobCode: code20, code: code20, description: text100 });
  await api(admin, 'POST', '/api/item', { no: code20.replace('1', '2'), description: text100 });
  await api(admin, 'POST', '/api/unit', { unitType: 'Item', unitNo: code20.replace('1', '2'), code: code10, description: text100.slice(0, 50) });
  for (const [username, languageCode] of USERS) {
    await api(admin, 'POST', '/api/user', {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      profileType: 'Admin',
      languageCode,
      teamCode: code20,
      expirationDate: '2999-12-31',
    });
  }
  // Entries with every field at its longest, for each long-named user; some of them archived.
  const today = new Date().toISOString().slice(0, 10);
  const ids: number[] = [];
  for (const [username] of USERS) {
    for (let i = 0; i < 3; i++) {
      const entry = (await api(admin, 'POST', '/api/worksheet', {
        username,
        date: today,
        customerNo: code20,
        jobCode: code20,
        jobTaskCode: code20,
        locationCode: code10,
        workTypeCode: code10,
        unitType: 'Item',
        unitNo: code20.replace('1', '2'),
        description: text100,
        quantity: '99999999.99',
        unitOfMeasureCode: code10,
      })) as { id: number };
      ids.push(entry.id);
    }
  }
  await api(admin, 'PUT', '/api/worksheet/approve', { id: ids[0], isApproved: true });
  await api(admin, 'POST', '/api/worksheet/download', { entries: [ids[2], ids[5]], mode: 'ALL', shouldMarkAsExported: true });
}

export const USERS = [
  ['wwwwwwwwwwwwwwwwwwwa', 'ENU'],
  ['wwwwwwwwwwwwwwwwwwwd', 'DAN'],
] as const;

/** One seeding at a time across the run's worker processes (a directory is the lock). */
async function withSeedLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `webtid-e2e-seed-${process.env.E2E_PORT ?? 'default'}`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a crashed worker is taken over after two minutes.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Seeds the long values unless this server has them. Through an API client of its own: the
 * browser is never logged in by it (no page loads), and the caller's page is left as it was.
 */
export async function ensureLongValues(): Promise<void> {
  const admin = await apiLogin(appOrigin(), 'admin');
  try {
    // The data exists once per server; a later test (or another worker) finds it there.
    await withSeedLock(async () => {
      const exists = await admin.get('/api/customer/single?no=' + code20);
      if (exists.status() === 404) await seedLongValues(admin);
    });
  } finally {
    await admin.dispose();
  }
}
