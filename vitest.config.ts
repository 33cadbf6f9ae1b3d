import { defineConfig } from 'vitest/config';

const apiTests = ['tests/api/**/*.test.ts'];

/**
 * Unit tests run once; the HTTP integration tests run twice, against embedded PGlite and a real
 * PostgreSQL server (TEST_DATABASE_URL, default 127.0.0.1:5432) — a missing server fails them.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] } },
      { test: { name: 'system', include: ['tests/system/**/*.test.ts'], testTimeout: 120_000 } },
      { test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'api-postgres', include: apiTests, env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } },
    ],
  },
});
