// `npm run build`: the client (Vite → dist/client) and the server compiled to JavaScript
// (esbuild → dist/server), so that production runs plain `node` without tsx (decision 0080).
// `--server-only` builds just the server (what the `webtid` command needs).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT } from './build-state.js';

const serverOnly = process.argv.includes('--server-only');
const t0 = Date.now();
const lap = (what, since) => process.stdout.write(`${what} in ${((Date.now() - since) / 1000).toFixed(1)} s\n`);

if (serverOnly) {
  // The server imports the compiled messages (CSV headers); the client build compiles them through
  // the paraglide Vite plugin, so only this path compiles them by hand.
  const t = Date.now();
  const { compile } = await import('@inlang/paraglide-js');
  await compile({ project: join(ROOT, 'project.inlang'), outdir: join(ROOT, 'src/shared/paraglide') });
  lap('messages compiled', t);
} else {
  const t = Date.now();
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn' });
  lap('client built (dist/client)', t);
}

// The version in /healthz, the start banner and every log line (issue 21 §5): package.json's
// version and the commit being built (GIT_COMMIT, e.g. from a CI or Docker build argument, else git).
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
const commit = process.env.GIT_COMMIT || (git.status === 0 ? git.stdout.trim() : '');

const t = Date.now();
const esbuild = await import('esbuild');
rmSync(join(ROOT, 'dist/server'), { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts', 'xlsx-worker': 'src/server/xlsx/xlsx-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // node_modules stay where npm put them (native addons, PGlite's WebAssembly files); only our
  // own code, the migrations and the compiled messages are bundled.
  packages: 'external',
  // Code split: main.js imports the server only after OpenTelemetry (when configured) has hooked
  // node:http and pg (decision 0197); the CLI shares the chunks.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Maps for readable stack traces (start.js enables them); without source text, and never served.
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  define: { __WEBTID_VERSION__: JSON.stringify(version), __WEBTID_COMMIT__: JSON.stringify(commit) },
});
lap('server built (dist/server)', t);

if (!serverOnly) {
  const sizes = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/print-bundle-size.ts')], { cwd: ROOT, stdio: 'inherit' });
  if (sizes.status !== 0) process.exit(sizes.status ?? 1);
  // The migrated PGlite template for a fast first start (decision 0121); a start without one makes it.
  const template = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/pglite-template.ts')], { cwd: ROOT, stdio: 'inherit' });
  if (template.status !== 0) process.stdout.write('PGlite template not made; the first start makes it\n');
}
lap('build done', t0);
