// `npm run dev`: the Vite dev server (hot reload; its paraglide plugin compiles messages/ at start
// and on every change) and the API server (tsx watch: restarts when an imported file or messages/
// changes; logs through pino-pretty) together. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT } from './build-state.js';

const apiPort = process.env.PORT ?? '3000';
const apiUrl = `http://127.0.0.1:${apiPort}`;

let pretty = null;
try {
  pretty = (await import('pino-pretty')).default({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l' });
} catch {
  // pino-pretty not installed: the JSON lines go out as they are
}

const children = [];
let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

function run(name, args, env, onLine) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (d) => {
    (name === 'server' && pretty ? pretty : process.stdout).write(d);
    onLine?.(d.toString());
  });
  child.on('exit', (code, signal) => {
    process.stderr.write(`[dev] ${name} exited (${signal ?? code})\n`);
    stopAll();
  });
  children.push(child);
  return child;
}

// Vite first: its paraglide plugin compiles the messages that the server imports (fresh clone).
let serverStarted = false;
function startServer() {
  if (serverStarted || stopping) return;
  serverStarted = true;
  run('server', [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--include', 'messages', 'src/server/main.ts'], { PORT: apiPort });
  process.stderr.write(`[dev] API server on ${apiUrl}; open the Vite URL above (it proxies /api to the server).\n`);
}
run('client', [join(ROOT, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1'], { API_URL: apiUrl }, (text) => {
  if (/ready in|Local:/.test(text)) startServer();
});
