import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, PASSWORD } from './helpers';

/*
 * Issue 40 budget: the week grid of a person with 40 rows, first render ≤ 100 ms of main-thread
 * work at 4× CPU (CDP Emulation.setCPUThrottlingRate 4). Measured as the bench does (bench/week.ts,
 * decision 0256): CDP Performance.getMetrics TaskDuration, its delta over building the week — from
 * the pointer resting on the Week tab (which builds the week, decision 0292) until the grid's
 * inputs are there and the page is quiet. Rounds on reloaded pages; the figures are logged (a
 * figure to report, not a pass/fail timing: the 2-core machine is shared).
 */
test.setTimeout(300_000);
// A/B (GRID_PERF_AB): no service worker, which would answer the page's files from its cache past the routing.
test.use({ serviceWorkers: process.env.GRID_PERF_AB ? 'block' : 'allow' });

const stamp = Date.now().toString(36);
const user = `gp${stamp}`.slice(0, 20);
const WEEK = '2022-W10';
const MONDAY = new Date(2022, 2, 7);
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (i: number) => {
  const d = new Date(MONDAY.getFullYear(), MONDAY.getMonth(), MONDAY.getDate() + i);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** 40 rows: job + task × unit (+ work type), each with an entry Monday to Friday (200 entries). */
function rows() {
  const jobs = [
    ['J-1001', '100', 'C1000'],
    ['J-1001', '200', 'C1000'],
    ['J-1002', '100', 'C1000'],
    ['J-2001', '100', 'C2000'],
    ['J-2001', '200', 'C2000'],
  ] as const;
  const units = [
    { unitType: 'Resource', unitNo: 'R01', workTypeCode: 'NORMAL', unitOfMeasureCode: 'HOUR' },
    { unitType: 'Resource', unitNo: 'R01', workTypeCode: 'OVERTIME', unitOfMeasureCode: 'HOUR' },
    { unitType: 'Resource', unitNo: 'R02', workTypeCode: 'NORMAL', unitOfMeasureCode: 'HOUR' },
    { unitType: 'Resource', unitNo: 'R03', workTypeCode: 'NORMAL', unitOfMeasureCode: 'HOUR' },
    { unitType: 'Item', unitNo: '1000', workTypeCode: '', unitOfMeasureCode: 'BOX' },
    { unitType: 'Item', unitNo: '1100', workTypeCode: '', unitOfMeasureCode: 'PCS' },
    { unitType: 'Item', unitNo: '1200', workTypeCode: '', unitOfMeasureCode: 'M' },
    { unitType: 'Item', unitNo: '1300', workTypeCode: '', unitOfMeasureCode: 'BAG' },
  ] as const;
  return jobs.flatMap(([jobCode, jobTaskCode, customerNo]) => units.map((u) => ({ jobCode, jobTaskCode, customerNo, ...u })));
}

test('the week grid of 40 rows: first render at 4× CPU', async ({ page, baseURL, browser }) => {
  const admin = await apiLogin(baseURL!, 'admin');
  const made = await admin.post('/api/user', { data: { username: user, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Basic', teamCode: 'A', languageCode: 'ENU' } });
  expect(made.status(), await made.text()).toBe(201);
  await admin.dispose();
  const api = await apiLogin(baseURL!, user);
  const all = rows();
  expect(all).toHaveLength(40);
  for (const r of all) {
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        const hours = r.unitType === 'Resource';
        const data = { ...r, date: dayOf(i), description: 'Grid perf', ...(hours ? { timeFrom: '07:00', timeTo: '08:00' } : { quantity: '2' }) };
        const res = await api.post('/api/worksheet', { data });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
  await api.dispose();

  await page.setViewportSize({ width: 1366, height: 860 });
  const res = await page.request.post('/api/user/login', { data: { username: user, password: PASSWORD, remember: true }, headers: { Origin: new URL(baseURL!).origin } });
  expect(res.status()).toBe(200);
  const cdp = await page.context().newCDPSession(page);
  // GRID_PERF_TICKS=thread: the main thread's own CPU time (as bench/week.ts counts), which other
  // processes on a busy machine do not inflate; by default wall time, as decision 0460 measured.
  await cdp.send('Performance.enable', process.env.GRID_PERF_TICKS === 'thread' ? { timeDomain: 'threadTicks' } : {});
  const task = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  // GRID_PERF_AB=dirA,dirB: two copies of dist/client measured interleaved (A, B, A, B …), the
  // page's files routed from the copy (the API from this server), as bench/week.ts does.
  const builds = process.env.GRID_PERF_AB?.split(',').filter(Boolean) ?? [''];
  let serving = '';
  if (builds[0]) {
    await page.context().route(`${new URL(baseURL!).origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (/^\/(api|locales|healthz)(\/|$)/.test(path)) return route.continue();
      const file = join(serving, path);
      const found = file.startsWith(serving) && path !== '/' && existsSync(file);
      const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }[
        extname(file)
      ];
      if (found) return route.fulfill({ status: 200, body: await readFile(file), contentType: type ?? 'application/octet-stream' });
      return route.fulfill({ status: 200, body: await readFile(join(serving, 'index.html')), contentType: 'text/html' });
    });
  }
  /*
   * Three ways of clicking, each round on a reloaded page, interleaved (kinds and builds):
   *  - 'locator': Playwright's getByRole click and toHaveCount polling (the spec's first method;
   *    its role lookup and polling run as script in the throttled page and count in the figure);
   *  - 'hover': the pointer rests on the tab until its intent has built the week ahead (decision
   *    0292), then a CDP click; the grid awaited by one MutationObserver in the page (as bench/week.ts);
   *  - 'cold': a CDP move and click at once (a tap): the chunk, the data and the render in the measure.
   */
  const kinds = (process.env.GRID_PERF_KINDS ?? 'locator,hover,cold').split(',') as Array<'locator' | 'hover' | 'cold'>;
  const figures = new Map<string, number[]>(builds.flatMap((b) => kinds.map((k) => [`${b} ${k}`, []] as [string, number[]])));
  let inputs = 0;
  let cells = 0;
  // One round in the suite (it checks that 40 rows come up as a grid); GRID_PERF_ROUNDS=5 for a figure.
  const rounds = Number(process.env.GRID_PERF_ROUNDS ?? 1);
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      for (const build of builds) {
        serving = build;
        // GRID_PERF_PROFILE=file: the last round's click sampled (CDP Profiler) and traced into file-<build>-<kind>.{cpuprofile,trace.json}.
        const profile = process.env.GRID_PERF_PROFILE && round === rounds - 1 ? `${process.env.GRID_PERF_PROFILE}-${builds.indexOf(build)}-${kind}` : null;
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.goto(`/?week=${WEEK}`);
        await expect(page.locator('.ws-days-view')).toBeVisible({ timeout: 30_000 });
        await page.waitForTimeout(1500);
        const box = (await page.locator('nav.ws-views a').nth(1).boundingBox())!;
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        if (kind === 'hover') {
          await page.mouse.move(x, y);
          await expect(page.locator('.wk-slot--ahead section.wk table tbody tr')).toHaveCount(40, { timeout: 30_000 });
          await page.waitForTimeout(500);
        }
        if (kind !== 'locator') {
          await page.evaluate(() => {
            const w = window as unknown as { __grid?: Promise<void> };
            w.__grid = new Promise<void>((done) => {
              const mo = new MutationObserver(() => {
                if (document.querySelectorAll('section.wk table tbody tr').length < 40 || document.querySelector('.wk-slot--ahead section.wk')) return;
                mo.disconnect();
                done();
              });
              mo.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
            });
          });
        }
        if (profile) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
          await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'toplevel'] });
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const before = await task();
        if (kind === 'locator') {
          await page.getByRole('link', { name: 'Week', exact: true }).click();
          await expect(page.locator('section.wk table tbody tr')).toHaveCount(40, { timeout: 30_000 });
          await page.waitForTimeout(800);
        } else {
          await page.mouse.click(x, y);
          await page.evaluate(async () => {
            await (window as unknown as { __grid: Promise<void> }).__grid;
            await new Promise((r) => setTimeout(r, 800));
          });
        }
        const after = await task();
        figures.get(`${build} ${kind}`)!.push(Math.round(after - before));
        if (profile) {
          writeFileSync(`${profile}.trace.json`, await browser.stopTracing());
          writeFileSync(`${profile}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        // The 40 rows are a grid of text fields; one input at most, the edited cell's (decision 0496).
        cells = await page.locator('section.wk .wk-in').count();
        inputs = await page.locator('section.wk input').count();
        expect(cells, 'the 40 rows are a grid of cells to type into').toBeGreaterThanOrEqual(200);
      }
    }
  }
  // The keyboard far down the grid (decisions 0460, 0496): ArrowDown from the first row's Monday to
  // the 36th, which shows its stored value on screen; a refused value there is kept in place with
  // aria-invalid, and Esc puts the stored one back.
  const monday = page.locator('section.wk table tbody tr td:nth-child(2) .wk-in');
  await monday.first().focus();
  for (let i = 0; i < 35; i++) await page.keyboard.press('ArrowDown');
  const far = monday.nth(35);
  await expect(far).toBeFocused();
  // The focused cell is the one input of the grid.
  await expect(page.locator('section.wk input')).toHaveCount(1);
  await expect(far).toHaveJSProperty('tagName', 'INPUT');
  await expect(far).toBeInViewport();
  const stored = await far.inputValue();
  expect(stored).not.toBe('');
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await expect(far).toHaveAttribute('aria-invalid', 'true');
  await expect(far).toHaveValue('abc');
  await page.keyboard.press('Escape');
  await expect(far).toHaveValue(stored);
  await expect(far).not.toHaveAttribute('aria-invalid', 'true');
  for (const [label, fs] of figures) {
    const sorted = [...fs].sort((a, b) => a - b);
    console.log(
      `[grid perf]${label}: 40 rows × 5 days (280 cells, ${cells} to type into, ${inputs} of them inputs; 200 entries), 4× CPU, Week tab click → grid + 800 ms: main-thread TaskDuration ms per round ${fs.join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]}`,
    );
  }
});
