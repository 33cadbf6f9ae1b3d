/**
 * Webhooks bench (issue 13 point 6), PostgreSQL, server in this process, receiver on 127.0.0.1:
 *   npm run bench -- webhooks [--quick]
 * Prints: events/s delivered by one instance's worker (signing + HTTP + bookkeeping), and the
 * added latency of POST /api/worksheet and of a marking export with and without an endpoint
 * (the outbox write inside the change's transaction). Figures only, no pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedMasterData } from '../db/seed/demo';
import { enqueueMessage } from '../db/queries/webhooks';
import { generateApiKey } from '../src/server/auth/api-key';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/log';
import { startServer } from '../src/server/server';
import { createAccount } from '../src/server/services/accounts';
import { line, withBenchDatabase } from './lib';

const quick = process.argv.includes('--quick');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchWebhooks(): Promise<void> {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '127.0.0.0/8';
  process.env.WEBHOOKS_POLL_MS = '20';
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  await withBenchDatabase('webhooks', async (databaseUrl) => {
    const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', APP_SECRET: randomBytes(24).toString('hex'), DATA_DIR: '/tmp' });
    const app = await startServer(env, { seedDemo: false, log: createLogger('silent') });
    try {
      const db = app.services.db;
      const { accountId } = await createAccount(db, { code: 'WHB', name: 'Bench A/S', admin: 'whbadmin', password: 'Bench-pass-1' });
      await seedMasterData(db, accountId);
      const key = await generateApiKey(db, app.services.secret, accountId);
      const headers = { 'X-Api-Key': key };

      const createOne = async (i: number) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries({
          date: '2026-11-20',
          username: 'whbadmin',
          customerNo: 'C1000',
          jobCode: 'J-1001',
          jobTaskCode: '200',
          unitType: 'Item',
          unitNo: '1000',
          description: `Bench ${i}`,
          quantity: '1',
          unitOfMeasureCode: 'BOX',
        }))
          fd.append(k, v);
        const t = performance.now();
        const res = await fetch(`${app.url}/api/worksheet`, { method: 'POST', headers, body: fd });
        if (res.status !== 201) throw new Error(`create ${res.status} ${await res.text()}`);
        const rec = (await res.json()) as { id: number };
        return { ms: performance.now() - t, id: rec.id };
      };
      const exportIds = async (ids: number[]) => {
        const t = performance.now();
        const res = await fetch(`${app.url}/api/worksheet/download`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`export ${res.status}`);
        return performance.now() - t;
      };
      const N = quick ? 100 : 300;
      const round = async () => {
        const creates: number[] = [];
        const ids: number[] = [];
        for (let i = 0; i < N; i++) {
          const r = await createOne(i);
          creates.push(r.ms);
          ids.push(r.id);
        }
        const exports: number[] = [];
        for (let i = 0; i < ids.length; i += 10) exports.push(await exportIds(ids.slice(i, i + 10)));
        return { create: median(creates), export: median(exports) };
      };
      await round(); // warm-up
      const without = await round();
      const created = await fetch(`${app.url}/api/webhooks`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: hookUrl, events: ['worksheet.created', 'worksheet.exported'] }),
      });
      if (created.status !== 201) throw new Error(`endpoint ${created.status} ${await created.text()}`);
      const withEndpoint = await round();
      line('webhooks: POST /api/worksheet median, no endpoint', `${without.create.toFixed(2)} ms`);
      line('webhooks: POST /api/worksheet median, 1 endpoint', `${withEndpoint.create.toFixed(2)} ms (+${(withEndpoint.create - without.create).toFixed(2)} ms)`);
      line('webhooks: export of 10 (marking) median, no endpoint', `${without.export.toFixed(2)} ms`);
      line('webhooks: export of 10 (marking) median, 1 endpoint', `${withEndpoint.export.toFixed(2)} ms (+${(withEndpoint.export - without.export).toFixed(2)} ms)`);

      // Throughput: M messages enqueued at once, time until the receiver has them all.
      const M = quick ? 1000 : 5000;
      const endpoint = (await created.json()) as { id: number };
      await new Promise((r) => setTimeout(r, 500));
      const before = received;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < M; i++) await enqueueMessage(trx, accountId, 'worksheet.created', { id: i, by: 'bench' }, endpoint.id);
      });
      const t = performance.now();
      const deadline = t + 120_000;
      while (received - before < M && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const s = (performance.now() - t) / 1000;
      line('webhooks: delivered by one instance', `${received - before}/${M} events in ${s.toFixed(1)} s = ${Math.round((received - before) / s)} events/s`);
    } finally {
      await app.close();
    }
  });
  await new Promise((ok) => receiver.close(ok));
}
