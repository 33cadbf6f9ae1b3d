// `npm run check` (the daily loop, issue 39 §5): compiles the messages once, then typecheck, lint
// and the unit tests (no database, no browser) side by side; each step's output is printed when it
// ends, and the command fails when any step failed. `npm run validate` runs `check --full`: the
// typecheck and lint beside the whole `npm test` (build, every vitest project, Playwright).
import { spawn, spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import process from 'node:process';

const full = process.argv.includes('--full');
const t0 = Date.now();
const i18n = spawnSync('npm', ['run', '--silent', 'i18n'], { stdio: 'inherit' });
if (i18n.status !== 0) process.exit(i18n.status ?? 1);

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  full ? ['test', 'npm', ['test']] : ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-globals']],
];

const results = await Promise.all(
  steps.map(
    ([name, cmd, args]) =>
      new Promise((done) => {
        const started = Date.now();
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
        const out = [];
        child.stdout.on('data', (c) => out.push(c));
        child.stderr.on('data', (c) => out.push(c));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n── ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s ──\n`);
          if (code !== 0 || full) process.stdout.write(Buffer.concat(out).toString());
          done({ name, code });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
process.stdout.write(`\n${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
process.exit(failed.length ? 1 : 0);
