import { it } from 'vitest';
import { startTestApp } from '../helpers/server';
import { setUpExportWorld, insertMany } from './export-fixtures';
it('debug', async () => {
  const app = await startTestApp();
  const w = await setUpExportWorld(app, 'dbg');
  const admin = await app.login('dbgadmin');
  let t = performance.now();
  const ids = await insertMany(app, w.accountId, 'basica', 100_000);
  console.log('insert', performance.now() - t); t = performance.now();
  try {
    const res = await fetch(`${app.url}/api/worksheet/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: app.url, Cookie: admin.cookie! },
      body: JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true }),
    });
    console.log('headers', res.status, performance.now() - t);
    const b = await res.arrayBuffer();
    console.log('body', b.byteLength, performance.now() - t);
  } catch (e) { console.log('ERR', performance.now() - t, e); }
  await app.close();
}, 200000);
