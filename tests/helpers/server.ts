import { hashPassword } from '../../src/server/auth/passwords';
import { generateApiKey } from '../../src/server/auth/api-key';
import { parseEnv } from '../../src/server/env';
import type { Logger } from 'pino';
import { createLogger } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/server';
import type { HostResolver } from '../../src/server/webhooks/egress';
import { createAccount } from '../../src/server/services/accounts';
import type { ProfileType } from '../../src/shared/limits';
import { ApiClient } from './client';
import { createTestDatabase, onFileEnd, once, type TestDatabase } from './database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_PASSWORD = 'Test-pass-1';

export interface TestUser {
  username: string;
  profileType?: ProfileType;
  teamCode?: string | null;
  languageCode?: 'ENU' | 'DAN';
  defaultResource?: string | null;
  active?: boolean;
}

export interface TestApp {
  url: string;
  server: RunningServer;
  database: TestDatabase;
  db: RunningServer['services']['db'];
  /** A new account with an Admin `${prefix}admin`; returns its id. */
  createAccount(code: string, admin?: string): Promise<number>;
  /** Adds a user (password TEST_PASSWORD) to an account. */
  addUser(accountId: number, user: TestUser): Promise<number>;
  /** A client logged in as `username`. */
  login(username: string, password?: string): Promise<ApiClient>;
  /** A client with a fresh API key of the account. */
  apiKeyClient(accountId: number): Promise<{ client: ApiClient; key: string }>;
  anonymous(opts?: ConstructorParameters<typeof ApiClient>[1]): ApiClient;
  close(): Promise<void>;
}

/**
 * Starts the real HTTP server on a free port against a fresh database (PGlite or PostgreSQL per
 * TEST_DB; see tests/helpers/database.ts). close() is idempotent; an app the file did not close is
 * closed after the file's own afterAll hooks (tests/helpers/setup-file.ts).
 */
export async function startTestApp(opts: { env?: Record<string, string>; resolveHost?: HostResolver; log?: Logger } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'webtid-test-'));
  // The tests talk to the server as if through a proxy on loopback, so that X-Forwarded-* can stand
  // for other client addresses and https; a test of the untrusted case passes its own TRUST_PROXY.
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-1234',
    TRUST_PROXY: 'loopback',
    ...opts.env,
  });
  const server = await startServer(env, {
    dbh: database.dbh,
    seedDemo: false,
    log: opts.log ?? createLogger('silent'),
    ...(opts.resolveHost ? { resolveHost: opts.resolveHost } : {}),
  });
  // The test and (with PGlite) the database share this event loop with the server; a long insert
  // blocks it for seconds, after which the server's keep-alive timer and the client's next request
  // on that idle socket race (ECONNRESET). Without a server-side timeout only the client closes
  // idle sockets, and it knows when it did. close() still ends idle connections.
  server.server.keepAliveTimeout = 0;
  const db = server.services.db;
  const shutdown = once(async () => {
    await server.close(1000);
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });
  const forget = onFileEnd(shutdown);
  const app: TestApp = {
    url: server.url,
    server,
    database,
    db,
    async createAccount(code, admin = `${code.toLowerCase()}admin`) {
      const { accountId } = await createAccount(db, { code, name: `${code} A/S`, admin, password: TEST_PASSWORD });
      return accountId;
    },
    async addUser(accountId, u) {
      const row = await db
        .insertInto('appUser')
        .values({
          accountId,
          username: u.username,
          passwordHash: await hashPassword(TEST_PASSWORD),
          profileType: u.profileType ?? 'Basic',
          teamCode: u.teamCode ?? null,
          languageCode: u.languageCode ?? 'ENU',
          defaultResource: u.defaultResource ?? null,
          active: u.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async login(username, password = TEST_PASSWORD) {
      const client = new ApiClient(server.url);
      const res = await client.post('/api/user/login', { username, password, remember: true });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
      return client;
    },
    async apiKeyClient(accountId) {
      const key = await generateApiKey(db, server.services.secret, accountId);
      return { client: new ApiClient(server.url, { apiKey: key, origin: null }), key };
    },
    anonymous(opts) {
      return new ApiClient(server.url, opts);
    },
    close() {
      forget();
      return shutdown();
    },
  };
  return app;
}
