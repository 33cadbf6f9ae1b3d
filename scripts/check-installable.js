// `npm run check:installable -- http://127.0.0.1:3000/`: asks Chromium whether the running app is
// installable, over the DevTools Protocol call that Lighthouse's installable-manifest audit used
// (Page.getInstallabilityErrors) before Lighthouse 12 removed its PWA category. Needs the dev
// dependencies (playwright-core) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/';
const profile = mkdtempSync(join(tmpdir(), 'webtid-installable-'));
// A persistent profile: Chromium never offers installation in an incognito context (Playwright's default).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const cdp = await browser.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  console.log(`manifest: ${manifest.url || '(none)'}; parse errors: ${JSON.stringify(manifest.errors)}`);
  let errors = [];
  // The manifest and its icons load after the page; ask again for a few seconds.
  for (let i = 0; i < 10; i++) {
    ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
    if (errors.length === 0) break;
    await sleep(1000);
  }
  console.log(errors.length === 0 ? 'installable: yes' : `installable: no ${JSON.stringify(errors)}`);
  process.exitCode = errors.length === 0 && manifest.errors.length === 0 ? 0 : 1;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
