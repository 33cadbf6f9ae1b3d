/**
 * The JavaScript Chromium actually fetches (issue 9 point 7): for `/login`, and for `/` after
 * logging in as the demo admin, every script response (entry, static imports, lazy route chunks),
 * summed as gzip -9 of each body (the budget's unit) and as transferred on the wire (the server
 * sends brotli when the browser accepts it). Needs a built client (npm run build) and Chromium.
 * Goals (issue 25 §4), each judged ✓/✗ and a failed run when missed: `/` opened fresh (1366 px and
 * a 412 px phone) and `/` reached in-app after logging in (all that /login and then / fetched; at
 * 1366 px and on the phone) ≤ 170 KB gzipped. BUNDLE_PHONE=1 lists the phone's scripts instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fail, line, ROOT, startServerProcess, exitStandalone } from './lib';

const BUDGET_KB = 170;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Fetched {
  url: string;
  gzip: number;
  wire: number;
}

export async function benchBundle(): Promise<void> {
  console.log('\n# Client JavaScript as Chromium fetches it (gzip -9 of each script; wire = as transferred)');
  if (!existsSync(resolve(ROOT, 'dist/client/index.html'))) return fail('bundle', 'no dist/: run npm run build first');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return fail('bundle', `no Chromium at ${executablePath}`);
  const { chromium } = await import('@playwright/test');
  const server = await startServerProcess();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const password = /Admin\s+admin\s+password: (\S+)/.exec(server.output())?.[1];
    if (!password) return fail('bundle', 'no demo login printed');
    /** The scripts one page fetches, read (and deduplicated by path) when `take()` is called. */
    const collect = (page: import('@playwright/test').Page) => {
      let pending: Array<Promise<Fetched | null>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        pending.push(
          (async () => {
            const body = await res.body().catch(() => null);
            const sizes = await res
              .request()
              .sizes()
              .catch(() => null);
            return body ? { url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length, wire: sizes?.responseBodySize ?? body.length } : null;
          })(),
        );
      });
      return async () => {
        const got = (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
        pending = [];
        return [...new Map(got.map((f) => [f.url, f])).values()];
      };
    };
    const settle = (p: import('@playwright/test').Page) => p.waitForLoadState('networkidle').then(() => p.waitForTimeout(500));
    type ContextOptions = Parameters<typeof browser.newContext>[0];
    const DESK: ContextOptions = { viewport: { width: 1366, height: 900 } };
    const PHONE: ContextOptions = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
    /** /login, then logging in: what each fetched, and the session for the fresh openings below. */
    const logIn = async (options: ContextOptions, ready: string) => {
      const context = await browser.newContext(options);
      try {
        const page = await context.newPage();
        const take = collect(page);
        await page.goto(`${server.url}/login`);
        await page.locator('input[name="username"]').waitFor({ timeout: 60_000 });
        await settle(page);
        const login = await take();
        await page.locator('input[name="username"]').fill('admin');
        await page.locator('input[type="password"]').fill(password);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL((u) => u.pathname === '/');
        await page
          .locator(ready)
          .first()
          .waitFor({ timeout: 60_000 })
          .catch(() => undefined);
        await settle(page);
        const afterLogin = (await take()).filter((f) => !login.some((l) => l.url === f.url));
        return { login, afterLogin, storageState: await context.storageState() };
      } finally {
        await context.close();
      }
    };
    const { login, afterLogin, storageState } = await logIn(DESK, 'form.ws-form, .ws-day, [data-entry-id]');
    const phoneIn = await logIn(PHONE, '.ws-day, [data-entry-id]');
    // `/` opened fresh by a logged-in user (a returning user): a new context, cookie kept, empty cache;
    // at 1366 px, and on a phone (issue 25 §4 is about phones; Lighthouse mobile's 412 px), where the
    // inline entry form is not shown.
    const openFresh = async (options: ContextOptions, ready: string): Promise<Fetched[]> => {
      const context = await browser.newContext({ ...options, storageState });
      try {
        const fresh = await context.newPage();
        const takeFresh = collect(fresh);
        await fresh.goto(`${server.url}/`);
        await fresh
          .locator(ready)
          .first()
          .waitFor({ timeout: 60_000 })
          .catch(() => undefined);
        await settle(fresh);
        return await takeFresh();
      } finally {
        await context.close();
      }
    };
    const home = await openFresh(DESK, 'form.ws-form, .ws-day, [data-entry-id]');
    const phone = await openFresh(PHONE, '.ws-day, [data-entry-id]');

    const sum = (f: Fetched[], k: 'gzip' | 'wire') => f.reduce((s, x) => s + x[k], 0);
    const judge = (bytes: number) => (bytes <= BUDGET_KB * 1024 ? '✓' : '✗');
    line(`/login: ${login.length} scripts`, `${kb(sum(login, 'gzip'))} gzipped, ${kb(sum(login, 'wire'))} on the wire`);
    // In-app (issue 25 §4): what the phone has fetched by the time / shows after logging in.
    const inApp = sum(login, 'gzip') + sum(afterLogin, 'gzip');
    line(`/ after login, in-app: ${afterLogin.length} more scripts`, `+${kb(sum(afterLogin, 'gzip'))} gzipped → ${kb(inApp)} in all (goal ≤ ${BUDGET_KB} KB) ${judge(inApp)}`);
    const phoneInApp = sum(phoneIn.login, 'gzip') + sum(phoneIn.afterLogin, 'gzip');
    line(
      `/ after login on a phone (412 px), in-app`,
      `${kb(sum(phoneIn.login, 'gzip'))} + ${kb(sum(phoneIn.afterLogin, 'gzip'))} → ${kb(phoneInApp)} in all (goal ≤ ${BUDGET_KB} KB) ${judge(phoneInApp)}`,
    );
    const freshKb = sum(home, 'gzip');
    line(`/ opened fresh, logged in: ${home.length} scripts`, `${kb(freshKb)} gzipped, ${kb(sum(home, 'wire'))} on the wire (goal ≤ ${BUDGET_KB} KB) ${judge(freshKb)}`);
    const phoneKb = sum(phone, 'gzip');
    line(`/ opened fresh on a phone (412 px): ${phone.length} scripts`, `${kb(phoneKb)} gzipped (goal ≤ ${BUDGET_KB} KB) ${judge(phoneKb)}`);
    for (const f of [...(process.env.BUNDLE_PHONE ? phone : home)].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BUNDLE_LIST ?? 6))) line(`  ${f.url}`, kb(f.gzip));
    // What logging in brings that / opened fresh does not (the in-app figure's extra over fresh).
    const loginOnly = login.filter((l) => !home.some((h) => h.url === l.url));
    line(
      `  fetched for /login, not by / fresh: ${loginOnly.length}`,
      `${kb(sum(loginOnly, 'gzip'))}${
        loginOnly.length
          ? ` (${[...loginOnly]
              .sort((a, b) => b.gzip - a.gzip)
              .slice(0, 4)
              .map((f) => `${f.url.replace('/assets/', '')} ${kb(f.gzip)}`)
              .join(', ')})`
          : ''
      }`,
    );
    const inAppOnly = afterLogin.filter((a) => !home.some((h) => h.url === a.url));
    line(
      `  fetched in-app after login, not by / fresh: ${inAppOnly.length}`,
      `${kb(sum(inAppOnly, 'gzip'))}${
        inAppOnly.length
          ? ` (${[...inAppOnly]
              .sort((a, b) => b.gzip - a.gzip)
              .slice(0, 4)
              .map((f) => `${f.url.replace('/assets/', '')} ${kb(f.gzip)}`)
              .join(', ')})`
          : ''
      }`,
    );
    if (home.length === 0) fail('bundle', 'no script fetched for /');
    // Both goals are checks, not only figures: a run over either fails (decision 0185, issue 25 §4).
    else {
      if (freshKb > BUDGET_KB * 1024) fail('bundle', `/ opened fresh fetches ${kb(freshKb)} of JavaScript, over the ${BUDGET_KB} KB goal`);
      if (phoneKb > BUDGET_KB * 1024) fail('bundle', `/ opened fresh on a phone fetches ${kb(phoneKb)} of JavaScript, over the ${BUDGET_KB} KB goal`);
      if (inApp > BUDGET_KB * 1024) fail('bundle', `/ reached after login has fetched ${kb(inApp)} of JavaScript, over the ${BUDGET_KB} KB goal`);
      if (phoneInApp > BUDGET_KB * 1024) fail('bundle', `/ reached after login on a phone has fetched ${kb(phoneInApp)} of JavaScript, over the ${BUDGET_KB} KB goal`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBundle();
  exitStandalone();
}
