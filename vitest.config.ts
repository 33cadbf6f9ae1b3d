import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * The compiled messages (src/shared/paraglide, git-ignored) are imported by server and client
 * code alike. A fresh clone has none until `npm run i18n`: compile them here, once, before any
 * test file loads, so that `npx vitest run <one file>` works right after `npm ci` (issue 20 §6).
 */
if (!existsSync(resolve(import.meta.dirname, 'src/shared/paraglide/messages.js'))) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'i18n'], { cwd: import.meta.dirname, stdio: 'inherit' });
}

const apiTests = ['tests/api/**/*.test.ts'];
const unitTests = ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/** Unit files that set globals for the rest of their process (`import 'fake-indexeddb/auto'`). */
const unitTestsWithGlobals = ['src/client/features/worksheet/offline/outbox-core.test.ts', 'tests/unit/error-codes-render.test.ts'];

/**
 * Timeouts are sized for a loaded 2-core machine, not a quiet one (decision 0090): a hook that
 * opens a database or starts a server may wait a long time for the CPU, and a timeout that fires
 * there reports a slow machine as a broken test.
 */
const HOOK_TIMEOUT = 180_000;

/**
 * The HTTP integration tests, run against embedded PGlite and a real PostgreSQL server.
 * `isolate: false`: one worker process runs many files with one module graph, so the PGlite opened
 * by the first file (tests/helpers/database.ts) serves every later file in that worker, each in
 * its own schema. The setup file closes whatever a file left open before the next one starts.
 */
const api = (name: string, db: 'pglite' | 'postgres', groupOrder: number, extra: { globalSetup?: string[]; exclude?: string[] } = {}) => ({
  test: {
    name,
    include: apiTests,
    env: { TEST_DB: db },
    isolate: false,
    // A worker is handed the next file only if that file is of the same project; files of two
    // projects queued in between would end the worker (and its PGlite) after every file. A group
    // of its own per api project keeps each project's files back to back.
    sequence: { groupOrder },
    setupFiles: ['tests/helpers/setup-file.ts'],
    // A hang detector, not a speed check: one request may wait seconds for the CPU here.
    testTimeout: 120_000,
    hookTimeout: HOOK_TIMEOUT,
    ...extra,
  },
});

/**
 * Unit tests run once; the HTTP integration tests run twice, against embedded PGlite and a real
 * PostgreSQL server (TEST_DATABASE_URL, default 127.0.0.1:5432) — a missing server fails them.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: HOOK_TIMEOUT,
    projects: [
      // Inline projects do not inherit the root's test options (vitest 4), so each sets its own.
      // `isolate: false`: the unit files share one module graph per worker instead of a fresh
      // process and import per file (40 files: ~19 s → ~10 s, decision 0290). They mock nothing and
      // keep no state between files; the files that install globals (fake-indexeddb) run apart in
      // unit-globals, isolated as before, so no other file sees an indexedDB it would not have alone.
      { test: { name: 'unit', include: unitTests, exclude: unitTestsWithGlobals, isolate: false, testTimeout: 30_000, hookTimeout: HOOK_TIMEOUT } },
      { test: { name: 'unit-globals', include: unitTestsWithGlobals, testTimeout: 30_000, hookTimeout: HOOK_TIMEOUT } },
      // Starts real server processes; each test also sets its own, longer limit.
      { test: { name: 'system', include: ['tests/system/**/*.test.ts'], testTimeout: 180_000, hookTimeout: HOOK_TIMEOUT } },
      // A large export beside other requests is a PostgreSQL matter: embedded PGlite is one session,
      // so any long transaction makes other queries wait (the file says why); not run there rather than skipped.
      api('api-pglite', 'pglite', 1, { exclude: ['tests/api/export-nonblocking.test.ts'] }),
      // One migrated template per run; each file's database is a clone of it.
      api('api-postgres', 'postgres', 2, { globalSetup: ['tests/helpers/postgres-template.ts'] }),
    ],
  },
});
