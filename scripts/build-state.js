// Plain JavaScript on purpose: `npm start` and the `webtid` command run this after
// `npm prune --omit=dev`, when neither tsx nor TypeScript is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import process from 'node:process';

export const ROOT = resolve(import.meta.dirname, '..');
export const CLIENT_INDEX = join(ROOT, 'dist/client/index.html');
export const SERVER_MAIN = join(ROOT, 'dist/server/main.js');
export const SERVER_CLI = join(ROOT, 'dist/server/cli.js');

/** Generated inside the source tree by the build itself; never a reason to rebuild. */
const GENERATED = new Set([join(ROOT, 'src/shared/paraglide'), join(ROOT, 'src/client/routeTree.gen.ts')]);

const CLIENT_SOURCES = ['src/client', 'src/shared', 'messages', 'public', 'index.html', 'vite.config.ts', 'project.inlang/settings.json'];
const SERVER_SOURCES = ['src/server', 'src/shared', 'db', 'messages', 'scripts/build.js'];

/** Newest modification time (ms) under the given paths; 0 when none exists (a Docker image has no sources). */
function newest(paths) {
  let max = 0;
  const visit = (path) => {
    if (GENERATED.has(path) || path.endsWith('.test.ts')) return;
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) visit(join(ROOT, p));
  return max;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** 'missing' | 'stale' | 'fresh' for the client or the server build. */
export function buildState(part) {
  const [output, sources] = part === 'client' ? [CLIENT_INDEX, CLIENT_SOURCES] : [SERVER_MAIN, SERVER_SOURCES];
  const built = part === 'client' ? mtime(output) : Math.min(mtime(SERVER_MAIN), mtime(SERVER_CLI));
  if (!built) return 'missing';
  return newest(sources) > built ? 'stale' : 'fresh';
}

/** True when the dev dependencies that build the app (vite, esbuild) are installed. */
export function canBuild() {
  const require = createRequire(join(ROOT, 'package.json'));
  try {
    require.resolve('vite/package.json');
    require.resolve('esbuild/package.json');
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the given parts when they are missing or older than their sources. Build output goes to
 * stderr so that a command's own stdout (JSON from the CLI) stays clean.
 */
export function ensureBuilt(parts, { quiet = false } = {}) {
  const todo = parts.filter((p) => buildState(p) !== 'fresh');
  if (todo.length === 0) return;
  const missing = todo.filter((p) => buildState(p) === 'missing');
  if (!canBuild()) {
    if (missing.length > 0) {
      process.stderr.write(
        `The ${missing.join(' and ')} build is missing and the build tools are not installed.\n` + 'Run `npm ci && npm run build` (then `npm prune --omit=dev` if you like).\n',
      );
      process.exit(1);
    }
    process.stderr.write(`Note: the sources changed after the last build, but the build tools are not installed; using the existing build.\n`);
    return;
  }
  const args = [join(ROOT, 'scripts/build.js'), ...(todo.includes('client') ? [] : ['--server-only'])];
  if (!quiet) process.stderr.write(`Building (${todo.join(' and ')} ${missing.length ? 'not built yet' : 'older than the sources'})…\n`);
  const started = Date.now();
  // The build's own report (bundle sizes, timings) is for `npm run build`; here it is shown only
  // when the build fails, so that `npm start` prints the URL and logins first (issue 39 §5).
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    process.stderr.write('The build failed.\n');
    process.exit(run.status ?? 1);
  }
  if (!quiet) process.stderr.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
