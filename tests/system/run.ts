import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * How long a process of ours may take to start or finish. Generous: on a loaded 2-core machine
 * tsx alone can take tens of seconds; the limit is there to end a hung run, not to time it.
 */
const PROCESS_LIMIT_MS = 150_000;

/** Runs a TypeScript entry point of ours as its own process. */
export function runTs(entry: string, args: string[], env: Record<string, string>, timeoutMs = PROCESS_LIMIT_MS): Promise<Run> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      ok({ code, signal, stdout, stderr });
    });
  });
}

/** Starts the server process and resolves once it printed its URL. */
/** The APP_SECRET of server processes started on PostgreSQL (the same for every instance of a test). */
export const SYSTEM_APP_SECRET = 'system-test-app-secret-system-test-app-secret';

export function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> }> {
  return new Promise((ok, fail) => {
    // With DATABASE_URL the server needs APP_SECRET (issue 21 §4); a test's own value wins.
    const secret = env.DATABASE_URL ? { APP_SECRET: SYSTEM_APP_SECRET } : {};
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...secret, ...env } });
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start within ${PROCESS_LIMIT_MS} ms: ${out}`));
    }, PROCESS_LIMIT_MS);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1] && out.includes('\n', out.indexOf(m[1]))) {
        clearTimeout(timer);
        ok({ child, url: m[1], output: () => out, exited });
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

/**
 * A JSON POST that is certainly being handled: it sends the headers with `Expect: 100-continue`
 * and resolves once the server answered `100 Continue` — Node's server does that when it has
 * parsed the request and passed it to the app. The body goes out when the caller says so.
 */
export function requestInFlight(baseUrl: string, path: string, body: unknown): Promise<{ sendBody(): void; status: Promise<number> }> {
  const url = new URL(path, baseUrl);
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), Origin: baseUrl, Expect: '100-continue' },
    });
    const status = new Promise<number>((done, failed) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      });
      req.on('error', failed);
    });
    // The caller awaits status only after sendBody(); an error before that is reported by fail().
    status.catch(() => {});
    // Until the caller has the promise, an early error must fail this one instead.
    req.on('error', fail);
    req.on('continue', () => ok({ sendBody: () => req.end(data), status }));
    req.flushHeaders();
  });
}
