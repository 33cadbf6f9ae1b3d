import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `npm start` runs the compiled server (dist/server/main.js), which is split into chunks
 * (dist/server/chunks/). The server found the client two folders up from its own module: right
 * for src/server and dist/server, wrong for dist/server/chunks — every page answered "The client
 * is not built". Needs `npm run build` first (the browser tests need it too); without a build the
 * test is skipped and says so.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'dist/server/main.js');
const built = existsSync(MAIN) && existsSync(join(ROOT, 'dist/client/index.html'));

describe('the compiled server (npm start)', () => {
  it.skipIf(!built)('serves the built client: /login is the app page, not "The client is not built"', async () => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-built-')), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn'},
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      let url: string | undefined;
      for (let i = 0; i < 1200 && !url; i++) {
        url = /running at (http:\/\/\S+)/.exec(output)?.[1];
        if (child.exitCode !== null) throw new Error(`exited: ${output}`);
        if (!url) await new Promise((r) => setTimeout(r, 100));
      }
      expect(url, output).toBeDefined();
      const res = await fetch(`${url}/login`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^<!doctype html>/i);
    } finally {
      child.kill('SIGTERM');
    }
  }, 180_000);
});
