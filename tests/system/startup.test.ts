import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestInFlight, runTs, startServerProcess } from './run';

const demoLogins = (out: string) => [...out.matchAll(/^\s+(Admin|Teamleader|Basic)\s+(\S+)\s+password: (\S+)$/gm)].map((m) => ({ role: m[1], username: m[2]!, password: m[3]! }));

async function login(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ username, password }) });
  return res.status;
}

describe('npm start on the embedded database', () => {
  it('seeds the demo once, prints working logins, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-start-'));
    const env = { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' };
    const first = await startServerProcess(env);
    const logins = demoLogins(first.output());
    expect(logins.map((l) => l.username)).toEqual(['admin', 'teamleader', 'basic']);
    for (const l of logins) expect(await login(first.url, l.username, l.password)).toBe(200);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startServerProcess(env);
    expect(demoLogins(second.output())).toEqual([]);
    expect(second.output()).not.toContain('demo account');
    // the data survived the restart: the first start's passwords still work
    expect(await login(second.url, 'admin', logins[0]!.password)).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('lets an in-flight request finish before exiting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-grace-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' });
    const { password } = demoLogins(server.output())[0]!;
    // SIGTERM only once the server is handling the login (it answered 100 Continue), and the body
    // only after it: the request is in flight by construction, not by a guess at the timing.
    const pending = await requestInFlight(server.url, '/api/user/login', { username: 'admin', password });
    server.child.kill('SIGTERM');
    pending.sendBody();
    expect(await pending.status).toBe(200);
    expect(await server.exited).toBe(0);
  }, 240_000);

  it('stops with one readable line for a bad environment value', async () => {
    const run = await runTs('src/server/main.ts', [], { PORT: 'seventy', DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-env-')) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Invalid environment variable PORT: /);
  });
});

describe('operator CLI', () => {
  it('prints help', async () => {
    const run = await runTs('src/server/cli.ts', ['--help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('create-account');
  });

  it('creates an account on the embedded database and refuses bad arguments with exit 2', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-cli-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const ok = await runTs('src/server/cli.ts', ['create-account', '--code', 'ACME', '--name', 'Acme A/S', '--admin', 'boss', '--password', 'S3cret-pass'], env);
    expect(ok.stderr).toContain('visible to other users in the process list');
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.stdout.trim()) as { accountId: number; username: string };
    expect(out).toEqual({ accountId: expect.any(Number), username: 'boss' });

    const dup = await runTs('src/server/cli.ts', ['create-account', '--code', 'ACME', '--name', 'Again', '--admin', 'boss2', '--password', 'S3cret-pass'], env);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('already exists');
    const missing = await runTs('src/server/cli.ts', ['create-account', '--code', 'X'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name is required');
    const unknown = await runTs('src/server/cli.ts', ['create-acount'], env);
    expect(unknown.code).toBe(2);
    const badCode = await runTs('src/server/cli.ts', ['create-account', '--code', 'A<B', '--name', 'N', '--admin', 'x1', '--password', 'S3cret-pass'], env);
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toContain('invalid characters');

    // the account works: start the server on that database and log in
    const server = await startServerProcess({ ...env, PORT: '0' });
    expect(server.output()).not.toContain('demo account');
    expect(await login(server.url, 'boss', 'S3cret-pass')).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
