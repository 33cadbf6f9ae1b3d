/**
 * Prints the built client's sizes (gzipped) and the JavaScript that index.html itself references
 * (the entry script plus its modulepreload links) — what /login starts with, before any lazy
 * route chunk. It cannot see lazy chunks: what Chromium really fetches for /login and for `/`
 * after login is measured by `npm run bench -- bundle` (bench/bundle.ts), against the 170 KB goal.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist/client');
const BUDGET_KB = 170;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.css'));

console.log('\nClient bundle (gzipped):');
let total = 0;
for (const f of assets.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size)) {
  const size = gz(join(dist, 'assets', f));
  total += size;
  console.log(`  ${initial.includes(`assets/${f}`) ? '*' : ' '} ${f.padEnd(48)} ${kb(size).padStart(9)}`);
}
const initialSize = initial.reduce((sum, f) => sum + gz(join(dist, f)), 0);
console.log(`  all assets: ${kb(total)}; * referenced by index.html (before lazy chunks): ${kb(initialSize)} (budget ${BUDGET_KB} KB)`);
console.log('  what Chromium fetches for /login and for / after login: npm run bench -- bundle\n');
if (initialSize > BUDGET_KB * 1024) {
  console.error(`The initial JavaScript is over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
