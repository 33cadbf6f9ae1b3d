import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/log';
import { startServer } from '../../src/server/server';
import { freshDatabase } from './pg-load';

/**
 * Issue 21 §5: PGPOOL_MAX, PG_STATEMENT_TIMEOUT_MS and PGSSLMODE reach the PostgreSQL connections.
 * (The local test server has ssl = off: `require` must then fail to connect, `disable` works.)
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase('pgsettings');
}, 120_000);
afterAll(() => db?.drop());

const envWith = (extra: Record<string, string>) =>
  parseEnv({
    DATABASE_URL: db.url,
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-pgset-')),
    APP_SECRET: 'pgset-secret-pgset-secret-pgset-secret-1',
    LOG_LEVEL: 'silent',
    ...extra,
  });

describe('PostgreSQL settings from the environment', () => {
  it('PGPOOL_MAX sizes the pool and PG_STATEMENT_TIMEOUT_MS cancels a statement that runs longer', async () => {
    const app = await startServer(envWith({ PGPOOL_MAX: '3', PG_STATEMENT_TIMEOUT_MS: '200', PGSSLMODE: 'disable' }), { log: createLogger('silent') });
    try {
      expect(app.services.dbh.pg!.pool.options.max).toBe(3);
      const { rows } = await sql<{ statementTimeout: string }>`SHOW statement_timeout`.execute(app.services.db);
      expect(rows[0]!.statementTimeout).toBe('200ms');
      await expect(sql`SELECT pg_sleep(1)`.execute(app.services.db)).rejects.toThrow(/statement timeout/);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    } finally {
      await app.close(500);
    }
  });

  it('without a setting there is no statement timeout', async () => {
    const app = await startServer(envWith({}), { log: createLogger('silent') });
    try {
      const { rows } = await sql<{ statementTimeout: string }>`SHOW statement_timeout`.execute(app.services.db);
      expect(rows[0]!.statementTimeout).toBe('0');
    } finally {
      await app.close(500);
    }
  });

  it('PGSSLMODE=require refuses a server without TLS instead of talking in clear text', async () => {
    await expect(startServer(envWith({ PGSSLMODE: 'require' }), { log: createLogger('silent') })).rejects.toThrow(/does not support SSL/);
  });
});
