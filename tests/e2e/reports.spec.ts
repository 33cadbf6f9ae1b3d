import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { axeBuilder, login, mainMenu, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 26: the Reports page at 375 and 1366 px in English and Danish — build a report, change the
 * grouping, print it (A4 PDF), download xlsx; axe finds nothing with a chart shown.
 */
test.describe.configure({ mode: 'serial' });

const pad = (n: number) => String(n).padStart(2, '0');
/** A month of 2023 of this run's own: the other browser tests log entries in the current weeks. */
const month = 1 + Math.floor(Math.random() * 12);
const from = `2023-${pad(month)}-01`;
const to = `2023-${pad(month)}-28`;

async function addEntry(page: Page, data: Record<string, unknown>) {
  const base = new URL(page.url()).origin;
  const res = await page.request.post(`${base}/api/worksheet`, { headers: { Origin: base }, data });
  expect(res.status(), await res.text()).toBe(201);
}

async function addEntries(page: Page) {
  const common = { customerNo: 'C1000', jobCode: 'J-1001', jobTaskCode: '100', description: 'Reports e2e' };
  await addEntry(page, {
    ...common,
    date: `2023-${pad(month)}-02`,
    unitType: 'Resource',
    unitNo: 'R01',
    timeFrom: '08:00',
    timeTo: '10:30',
    quantity: '2.5',
    unitOfMeasureCode: 'HOUR',
  });
  await addEntry(page, {
    ...common,
    date: `2023-${pad(month)}-10`,
    unitType: 'Resource',
    unitNo: 'R01',
    timeFrom: '08:00',
    timeTo: '12:00',
    quantity: '4',
    unitOfMeasureCode: 'HOUR',
  });
  await addEntry(page, { ...common, date: `2023-${pad(month)}-10`, unitType: 'Item', unitNo: '1000', quantity: '3', unitOfMeasureCode: 'BOX' });
}

async function noSideScroll(page: Page) {
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
  }
}

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const result = await axeBuilder(page).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}

for (const lang of ['en', 'da'] as const) {
  const t =
    lang === 'en'
      ? {
          user: 'leader',
          menu: 'Reports',
          thenBy: 'Then by',
          groupBy: 'Group by',
          week: 'Week',
          person: 'Person',
          total: 'Total',
          subtotal: 'Subtotal',
          hours: '6.50',
          xlsx: 'Download xlsx',
          chart: /Hours per week, stacked by person/,
          sortHours: 'Sort by Hours',
        }
      : {
          user: 'dansk',
          menu: 'Rapporter',
          thenBy: 'Derefter efter',
          groupBy: 'Gruppér efter',
          week: 'Uge',
          person: 'Person',
          total: 'I alt',
          subtotal: 'Subtotal',
          hours: '6,50',
          xlsx: 'Hent xlsx',
          chart: /Timer pr\. uge, stablet efter person/,
          sortHours: 'Sortér efter Timer',
        };

  for (const vp of ['desktop', 'phone'] as const) {
    test(`${lang} ${VIEWPORTS[vp].width}px: build a report, change grouping, print, download xlsx, axe with a chart`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(VIEWPORTS[vp]);
      await login(page, t.user);
      if (vp === 'desktop') await addEntries(page);

      // The menu leads there (on a phone, behind the menu toggle).
      if (vp === 'phone') await page.locator('.menu-toggle').click();
      await mainMenu(page).getByRole('link', { name: t.menu }).click();
      await expect(page).toHaveURL(/\/reports/);
      await expect(page.locator('#main h1')).toHaveText(t.menu);

      // Build: this run's month, by job (the filters land in the URL).
      await page.getByLabel(lang === 'en' ? 'From' : 'Fra', { exact: true }).fill(from);
      await page.getByLabel(lang === 'en' ? 'To' : 'Til', { exact: true }).fill(to);
      await page.getByRole('button', { name: lang === 'en' ? 'Show report' : 'Vis rapport' }).click();
      await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}|to=${to}.*from=${from}`));
      const table = page.locator('table.rep-table');
      await expect(table.locator('tfoot')).toContainText(t.hours);
      await expect(table.locator('tbody')).toContainText('J-1001');

      // Change the grouping: week, then person — subtotals per week, the stacked chart.
      await page.getByLabel(t.groupBy, { exact: true }).selectOption('week');
      await page.getByLabel(t.thenBy, { exact: true }).selectOption('person');
      await expect(page).toHaveURL(/group=week%2Cperson|group=week,person/);
      await expect(table.locator('tr.rep-subtotal').first()).toContainText(t.subtotal);
      await expect(table.locator('tfoot')).toContainText(t.hours);
      await expect(table.locator('tbody')).toContainText(t.user);
      const chart = page.locator('.rep-chart__box[role="img"]');
      await expect(chart).toHaveAttribute('aria-label', t.chart);
      await expect(chart.locator('svg')).toBeVisible();
      // Sort by hours (a button in the header on wide screens; a select on phones).
      if (vp === 'desktop') {
        await page.getByRole('button', { name: t.sortHours }).click();
        await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);
      }
      await screenshot(page, `reports-${VIEWPORTS[vp].width}-${lang}`);

      // axe, with the chart on the page.
      expect(await axe(page)).toEqual([]);

      // Print: A4, the table only (no menu, no form, no chart).
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.rep-form')).toBeHidden();
      await expect(page.locator('.topbar')).toBeHidden();
      await expect(table.locator('thead')).toBeVisible();
      await screenshot(page, `reports-print-${VIEWPORTS[vp].width}-${lang}`);
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The table fits the A4 width: no cell past the page's right edge (210 mm less margins ≈ 700 CSS px).
      const widest = await table.evaluate((el) => el.getBoundingClientRect().width);
      await page.emulateMedia({ media: 'screen' });
      expect(widest).toBeGreaterThan(0);

      // Download xlsx: typed cells, the total of the report.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.xlsx }).click()]);
      const path = await download.path();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const last = ws.getRow(ws.rowCount);
      expect(last.getCell(1).value).toBe(t.total);
      expect(ws.getRow(1).getCell(1).value).toBe(t.week);
      const hoursCol = (ws.getRow(1).values as unknown[]).indexOf(lang === 'en' ? 'Hours' : 'Timer');
      expect(last.getCell(hoursCol).value).toBe(6.5);

      await noSideScroll(page);
      if (vp === 'phone') {
        await page.setViewportSize(VIEWPORTS.phone);
        await screenshot(page, `reports-phone-cards-${lang}`);
      }
    });
  }
}

test('the worksheet home at a glance: a team leader’s waiting entries link to the Team tab; this week’s hours against last week’s', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'leader');
  // The entries this file logged (2023, open, not approved) are among the team's waiting ones.
  const waiting = page.getByRole('link', { name: /entr(y|ies) waiting for approval in your team/ });
  await expect(waiting).toBeVisible();
  await expect(page.locator('.ws-glance__hours')).toHaveText(/^Your hours this week: \d+\.\d\d \(last week: \d+\.\d\d\)$/);
  await screenshot(page, 'home-glance-1366-en');
  await waiting.click();
  await expect(page).toHaveURL(/\/\?mode=TEAM&status=notApproved$/);
  // A Basic user has no team count, only their hours.
  await page.context().clearCookies();
  await login(page, 'dansk');
  await expect(page.locator('.ws-glance__hours')).toHaveText(/^Dine timer denne uge: /);
  await expect(page.locator('.ws-glance__waiting')).toHaveCount(0);
});
