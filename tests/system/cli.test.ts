import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Run } from './run';

/**
 * The operator CLI as operators run it (`npx webtid` = bin/webtid.js → the compiled
 * dist/server/cli.js, without tsx), with an optional standard input.
 */
function cli(args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['bin/webtid.js', ...args], {
      cwd: ROOT,
      env: { ...process.env, WEBTID_PASSWORD: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      ok({ code, signal, stdout, stderr });
    });
    child.stdin.end(stdin ?? '');
  });
}

/**
 * The server as its own process, resolved once it printed its URL. Like run.ts's helper, but with
 * a start limit for a heavily loaded machine, and the process is killed when it does not start.
 */
function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start: ${out}`));
    }, 240_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1] && out.includes('\n', out.indexOf(m[1]))) {
        clearTimeout(timer);
        ok({ child, url: m[1], exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}): ${out}`));
    });
  });
}

async function login(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ username, password }) });
  return res.status;
}

// bin/webtid.js builds the server when dist/server is missing or older than the sources; do it
// once here rather than inside the first test.
beforeAll(() => {
  const build = spawnSync(process.execPath, ['bin/webtid.js', '--help'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.stdout).toContain('reset-password');
}, 300_000);

describe('operator CLI: users and passwords', () => {
  it('adds a user and resets a password with the password from stdin or WEBTID_PASSWORD, and lists the accounts', async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-cli-users-')), DATABASE_URL: '' };
    const created = await cli(['create-account', '--code', 'ACME', '--name', 'Acme A/S', '--admin', 'boss', '--password-stdin'], env, 'First-pass-1\n');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { accountId } = JSON.parse(created.stdout) as { accountId: number };

    const added = await cli(['add-user', '--account', 'acme', '--username', 'lead', '--profile', 'Teamleader', '--team', 'T1'], { ...env, WEBTID_PASSWORD: 'Lead-pass-1' });
    expect(added.stderr).toBe('');
    expect(JSON.parse(added.stdout)).toEqual({ accountId, username: 'lead', profileType: 'Teamleader' });

    // the same rules as the web interface: a taken name, a short password, an unknown account
    const taken = await cli(['add-user', '--account', 'ACME', '--username', 'BOSS'], { ...env, WEBTID_PASSWORD: 'Other-pass-1' });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('Username already exists');
    const short = await cli(['reset-password', '--username', 'lead', '--password-stdin'], env, 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    const noPassword = await cli(['reset-password', '--username', 'lead'], env);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password-stdin');

    const reset = await cli(['reset-password', '--username', 'Boss', '--password-stdin'], env, 'Second-pass-2');
    expect(reset.stderr).toBe('');
    expect(JSON.parse(reset.stdout)).toEqual({ username: 'Boss', passwordReset: true });
    // --password still works, with a warning that it shows in the process list
    const visible = await cli(['reset-password', '--username', 'lead', '--password', 'Third-pass-3'], env);
    expect(visible.code).toBe(0);
    expect(visible.stderr).toContain('visible to other users in the process list');

    const list = await cli(['list-accounts', '--json'], env);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: accountId, code: 'ACME', name: 'Acme A/S', active: true, users: 2, admins: ['boss'] })]);

    // the new passwords are the ones that work
    const server = await startServerProcess({ ...env, PORT: '0' });
    try {
      expect(await login(server.url, 'boss', 'First-pass-1')).toBe(401);
      expect(await login(server.url, 'boss', 'Second-pass-2')).toBe(200);
      expect(await login(server.url, 'lead', 'Third-pass-3')).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // each step is a process opening the database: minutes on a loaded 2-core machine
  }, 600_000);
});

describe('operator CLI and a running server on the embedded database', () => {
  it('refuses while the server holds the data folder, and works again once it stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-cli-lock-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    // an account first, so that the server starts without seeding the demo (quicker under load)
    expect((await cli(['create-account', '--code', 'ACME', '--name', 'Acme A/S', '--admin', 'boss', '--password-stdin'], env, 'First-pass-1')).code).toBe(0);
    const server = await startServerProcess({ ...env, PORT: '0' });
    const lock = JSON.parse(readFileSync(join(dataDir, 'webtid.lock'), 'utf8')) as { pid: number; role: string };
    expect(lock).toMatchObject({ pid: server.child.pid, role: 'webtid server' });

    const refused = await cli(['add-user', '--account', 'ACME', '--username', 'late', '--password-stdin'], env, 'Late-pass-1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by webtid server (PID ${server.child.pid}`);
    expect(refused.stdout).toBe('');
    // a second server is refused the same way
    await expect(startServerProcess({ ...env, PORT: '0' })).rejects.toThrow(/in use by webtid server/);
    // the running server is unharmed
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'webtid.lock'))).toBe(false);
    const list = await cli(['list-accounts'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ACME\s+Acme A\/S\s+yes\s+1\s+boss/);
  }, 600_000);

  it('takes over the lock of a process that died', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-cli-stale-'));
    // a PID that surely ran on this host and ended
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    const pid = Number(gone.stdout.toString().trim());
    writeFileSync(join(dataDir, 'webtid.lock'), JSON.stringify({ pid, host: hostname(), role: 'webtid server', since: new Date().toISOString() }));
    const run = await cli(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(existsSync(join(dataDir, 'webtid.lock'))).toBe(false);
  }, 120_000);
});
