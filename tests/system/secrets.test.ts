import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTs, startServerProcess } from './run';

/** Issue 21 §4: start errors never show a secret; DATABASE_URL needs APP_SECRET; DATA_DIR is the server's alone. */
const PASSWORD = 'Pg-pa55/w#rd';

/** Every folder and file under `dir` with its permission bits. */
function modes(dir: string): Array<{ path: string; mode: string }> {
  const out = [{ path: '.', mode: (statSync(dir).mode & 0o777).toString(8) }];
  const walk = (path: string, rel: string) => {
    for (const e of readdirSync(path, { withFileTypes: true })) {
      if (e.isSymbolicLink()) continue;
      const full = join(path, e.name);
      out.push({ path: join(rel, e.name), mode: (statSync(full).mode & 0o777).toString(8) });
      if (e.isDirectory()) walk(full, join(rel, e.name));
    }
  };
  walk(dir, '');
  return out;
}

describe('secrets at start', () => {
  it('DATABASE_URL without APP_SECRET stops with one line naming APP_SECRET, never the password', async () => {
    const run = await runTs('src/server/main.ts', [], {
      DATABASE_URL: `postgres://webtid:${encodeURIComponent(PASSWORD)}@127.0.0.1:1/webtid`,
      APP_SECRET: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-nosecret-')),
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^APP_SECRET is required when DATABASE_URL is set/);
    expect(run.stderr + run.stdout).not.toContain(encodeURIComponent(PASSWORD));
  });

  it('a bad APP_SECRET or DATABASE_URL is named without its value', async () => {
    const short = await runTs('src/server/main.ts', [], { APP_SECRET: 'tooShortSecret1', DATABASE_URL: '' });
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^Invalid environment variable APP_SECRET: /);
    expect(short.stderr).not.toContain('tooShortSecret1');
    const url = await runTs('src/server/main.ts', [], { DATABASE_URL: `mysql://webtid:${PASSWORD}@db/webtid`, APP_SECRET: 'x'.repeat(40) });
    expect(url.code).toBe(1);
    expect(url.stderr).toMatch(/^Invalid environment variable DATABASE_URL: /);
    expect(url.stderr).not.toContain(PASSWORD);
    expect(url.stderr).not.toContain('pa55');
  });

  it('the embedded DATA_DIR is 0700 and its files 0600, also when an older start left them open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-perm-'));
    chmodSync(dataDir, 0o755);
    const env = { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' };
    const first = await startServerProcess(env);
    const open = (list: Array<{ path: string; mode: string }>) => list.filter((e) => e.mode !== '700' && e.mode !== '600');
    const after = modes(dataDir);
    expect(after.length).toBeGreaterThan(10); // the database's files are there
    expect(open(after)).toEqual([]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(open(modes(dataDir))).toEqual([]);

    // An install from before: world-readable files and folder. The next start closes them.
    chmodSync(dataDir, 0o755);
    const someFile = after.find((e) => e.mode === '600' && e.path !== 'app-secret')!.path;
    chmodSync(join(dataDir, someFile), 0o644);
    writeFileSync(join(dataDir, 'note.txt'), 'left by an operator', { mode: 0o644 });
    const second = await startServerProcess(env);
    expect(open(modes(dataDir))).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
