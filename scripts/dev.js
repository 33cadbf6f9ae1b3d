// `npm run dev`: the API server (restarts on change, logs through pino-pretty) and the Vite dev
// server (hot reload, recompiles messages/ on change) together. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT } from './build-state.js';

const apiPort = process.env.PORT ?? '3000';
const apiUrl = `http://127.0.0.1:${apiPort}`;

// The server imports the compiled messages, so they must exist before it starts (fresh clone).
const { compile } = await import('@inlang/paraglide-js');
await compile({ project: join(ROOT, 'project.inlang'), outdir: join(ROOT, 'src/shared/paraglide') });

let pretty = null;
try {
  pretty = (await import('pino-pretty')).default({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: '' });
  pretty.pipe(process.stdout);
} catch {
  // pino-pretty not installed: the JSON lines go out as they are
}

const children = [];
function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['inherit', 'pipe', 'inherit'] });
  child.stdout.pipe(name === 'server' && pretty ? pretty : process.stdout, { end: false });
  child.on('exit', (code, signal) => {
    process.stderr.write(`[dev] ${name} exited (${signal ?? code})\n`);
    stopAll();
  });
  children.push(child);
}

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

// --watch-path instead of --watch: messages/ is read at runtime (the /locales catalogues), not imported.
const watch = ['src/server', 'src/shared', 'db', 'messages'].map((p) => `--watch-path=${p}`);
run('server', ['--import', 'tsx', ...watch, 'src/server/main.ts'], { PORT: apiPort });
run('client', [join(ROOT, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1'], { API_URL: apiUrl });
process.stderr.write(`[dev] API server on ${apiUrl}; open the Vite URL printed below (it proxies /api to the server).\n`);
