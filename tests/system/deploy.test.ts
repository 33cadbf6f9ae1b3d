import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './run';

/**
 * Issue 21 §6. No Docker engine here: the runtime stage of the Dockerfile is rebuilt in a temp
 * folder (its COPY lines, its PATH), and `webtid --help` must run from that PATH. `npm start`
 * passes SIGTERM to the server and exits only after it.
 */
const temp: string[] = [];
afterAll(() => {
  for (const t of temp) rmSync(t, { recursive: true, force: true });
});

/** The instructions of the Dockerfile's last stage. */
function runtimeStage(): string[] {
  const lines = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const from = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  return lines.slice(from.at(-1));
}

describe('the Docker image layout', () => {
  it('puts `webtid` on the PATH of the runtime stage; `webtid --help` runs from there', () => {
    const stage = runtimeStage();
    const root = mkdtempSync(join(tmpdir(), 'webtid-image-'));
    temp.push(root);
    const inImage = (p: string) => join(root, p);
    const workdir = /^WORKDIR (\S+)/.exec(stage.find((l) => l.startsWith('WORKDIR ')) ?? '')?.[1] ?? '/';
    for (const line of stage.filter((l) => l.startsWith('COPY --from=build '))) {
      const parts = line.split(/\s+/).slice(2);
      const dest = parts.pop()!;
      const target = dest.startsWith('/') ? dest : join(workdir, dest);
      for (const src of parts) {
        const from = join(ROOT, src.replace(/^\/app\/?/, ''));
        const to = target.endsWith('/') || parts.length > 1 ? join(target, src.split('/').pop()!) : target;
        mkdirSync(dirname(inImage(to)), { recursive: true });
        // node_modules is linked (the build stage's is this one), the rest copied as Docker does (times kept).
        if (src.endsWith('node_modules')) symlinkSync(from, inImage(to));
        else cpSync(from, inImage(to), { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      }
    }
    const envPath = /PATH=(\S+)/.exec(stage.find((l) => l.startsWith('ENV ') && l.includes('PATH=')) ?? '')?.[1];
    expect(envPath, 'the runtime stage sets PATH').toBeDefined();
    const path = envPath!
      .split(':')
      .map((p) => (p === '$PATH' ? process.env.PATH! : p.startsWith('/') ? inImage(p) : p))
      .join(':');
    expect(existsSync(join(root, 'app/dist/server/cli.js'))).toBe(true);
    expect(existsSync(join(root, 'app/src')), 'no sources in the image').toBe(false);
    const run = spawnSync('webtid', ['--help'], { cwd: inImage(workdir), env: { ...process.env, PATH: path }, encoding: 'utf8', timeout: 60_000 });
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('NS-Webtid operator commands');
    // The server is started with node directly, not through npm.
    expect(stage.find((l) => l.startsWith('CMD '))).toMatch(/"node".*"dist\/server\/main\.js"/);
  }, 90_000);
});

describe('compose.yaml', () => {
  it('builds DATABASE_URL without the password, reads secrets from files, and sets init, grace period and log rotation', async () => {
    const { parse } = await import('yaml');
    const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, Record<string, unknown>>; secrets: Record<string, { file: string }> };
    const app = compose.services.app!;
    const env = app.environment as Record<string, string>;
    expect(env.DATABASE_URL).toBe('postgres://webtid@db:5432/webtid');
    expect(JSON.stringify(compose)).not.toMatch(/POSTGRES_PASSWORD\}|APP_SECRET:/);
    expect(env).toMatchObject({ PGPASSWORD_FILE: '/run/secrets/db_password', APP_SECRET_FILE: '/run/secrets/app_secret' });
    expect(compose.services.db!.environment).toMatchObject({ POSTGRES_PASSWORD_FILE: '/run/secrets/db_password' });
    expect(app.init).toBe(true);
    expect(app.stop_grace_period).toBe('15s');
    expect(app.logging).toMatchObject({ driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } });
    expect(Object.keys(compose.secrets).sort()).toEqual(['app_secret', 'db_password']);
  });
});

describe('npm start', () => {
  it('passes SIGTERM on to the server and exits only after the server stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webtid-npm-start-'));
    temp.push(dataDir);
    const npm = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEBTID_DEMO: 'false' } });
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((ok) => npm.on('close', (code) => ok(code)));
    for (let i = 0; i < 1200 && !/running at http/.test(out); i++) await new Promise((r) => setTimeout(r, 100));
    expect(out).toMatch(/running at http/);
    // WEBTID_DEMO=false: an embedded production start without the demo account.
    expect(out).not.toContain('demo account');
    // The built server serves the built client (its code sits in dist/server/chunks/: the project
    // folder is found by package.json, not by a fixed ../..).
    const url = /running at (http:\/\/\S+)/.exec(out)![1]!;
    const page = await fetch(url + '/login');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const server = spawnSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)], { encoding: 'utf8' })
      .stdout.trim()
      .split(/\s+/)
      .map(Number);
    expect(server).toHaveLength(1);
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toMatch(/"msg":"stopped"/);
    // npm exited after its server, not before: no orphan left draining.
    expect(() => process.kill(server[0]!, 0)).toThrow();
  }, 150_000);
});
