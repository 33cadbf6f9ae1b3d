import { expect, test, type Page } from '@playwright/test';
import { login, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 22 §6: the week view at 375 and 1366 px in English and Danish — open the week, see the
 * totals, step to the previous and next week, find the empty days as cells to type into (issue 40 §4).
 */
test.describe.configure({ mode: 'serial' });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/**
 * A week of 2024 of this run's own (2024-01-01 is the Monday of 2024-W01): the other browser tests
 * log entries for the same users in the current week, which would change its totals. The entry
 * goes on the Monday, so the rest of the week has empty cells.
 */
const weekIndex = Math.floor(Math.random() * 50);
const week = `2024-W${pad(weekIndex + 1)}`;
const monday = new Date(2024, 0, 1 + 7 * weekIndex);
const mondayIso = iso(monday);

async function addItemEntry(page: Page, date: string) {
  const base = new URL(page.url()).origin;
  const res = await page.request.post(`${base}/api/worksheet`, {
    headers: { Origin: base },
    data: {
      date,
      customerNo: 'C1000',
      jobCode: 'J-1001',
      jobTaskCode: '100',
      unitType: 'Item',
      unitNo: '1000',
      quantity: '2.5',
      unitOfMeasureCode: 'BOX',
      description: 'Week view e2e',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function noSideScroll(page: Page) {
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
  }
}

for (const lang of ['en', 'da'] as const) {
  const t =
    lang === 'en'
      ? { user: 'basic', week: 'Week', total: /Week \d+ total/, prev: 'Previous week', next: 'Next week', add: /^Quantity on /, days: 'Days of the week' }
      : { user: 'dansk', week: 'Uge', total: /Uge \d+ i alt/, prev: 'Forrige uge', next: 'Næste uge', add: /^Antal /, days: 'Ugens dage' };

  for (const vp of ['desktop', 'phone'] as const) {
    test(`${lang} ${VIEWPORTS[vp].width}px: the week, its totals, previous/next, an empty day is a cell to type into`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS[vp]);
      await login(page, t.user);
      if (vp === 'desktop') await addItemEntry(page, mondayIso);
      await page.getByRole('link', { name: t.week, exact: true }).click();
      await expect(page).toHaveURL(/view=week/);
      await expect(page.locator('#wk-title')).toBeVisible();
      // The week is in the URL: this run's own week.
      await page.goto(`/?view=week&week=${week}`);
      const total = page.getByText(t.total);
      await expect(total).toBeVisible();
      await expect(page.locator('.wk-total')).toContainText(lang === 'en' ? '2.50' : '2,50');
      if (vp === 'phone') await expect(page.getByRole('group', { name: t.days }).getByRole('button')).toHaveCount(7);
      await screenshot(page, `worksheet-week-${VIEWPORTS[vp].width}-${lang}`);

      const title = (await page.locator('#wk-title').textContent()) ?? '';
      await page.getByRole('button', { name: t.prev }).click();
      await expect(page).toHaveURL(/week=\d{4}-W\d{2}/);
      await expect(page.locator('#wk-title')).not.toHaveText(title);
      await page.getByRole('button', { name: t.next }).click();
      await expect(page.locator('#wk-title')).toHaveText(title);
      await expect(page.locator('.wk-total')).toContainText(lang === 'en' ? '2.50' : '2,50');

      // Issue 40 §4: an empty day of the J-1001 row (Tuesday) is a cell to type into, named by its day and row
      // (desktop: the table; phone: pick Tuesday in the strip). The grid itself: worksheet-grid.spec.ts.
      if (vp === 'phone') await page.getByRole('group', { name: t.days }).getByRole('button').nth(1).click();
      // A text field (its input is mounted when it takes the focus, decision 0496).
      const cell = page.locator('.wk-in[data-k^="J-1001|"][data-k*="|1000|"][data-d="1"]').first();
      await expect(cell).toBeVisible();
      await expect(cell).toHaveAttribute('aria-label', t.add);
      await expect(cell).toHaveRole('textbox');
      await expect(cell).toHaveText('');
      await cell.focus();
      await expect(page.locator('input.wk-in[data-k^="J-1001|"][data-k*="|1000|"][data-d="1"]')).toBeFocused();
      await expect(page.locator('input.wk-in[data-k^="J-1001|"][data-k*="|1000|"][data-d="1"]')).toHaveValue('');
      // Monday's one entry is a cell too, showing its quantity.
      if (vp === 'desktop')
        await expect(page.locator('.wk-in[data-k^="J-1001|"][data-k*="|1000|"][data-d="0"]').first()).toHaveText(lang === 'en' ? /^\d+(\.\d+)?$/ : /^\d+(,\d+)?$/);
      await page.goto('/worksheet/add');
      await expect(page.getByRole('textbox', { name: lang === 'en' ? 'Date' : 'Dato', exact: true })).toBeVisible();
      await screenshot(page, `worksheet-week-add-${VIEWPORTS[vp].width}-${lang}`);
      await page.goBack();
      await expect(page.locator('.wk-total')).toBeVisible();
      await noSideScroll(page);
    });
  }
}

/*
 * Decision 0292: the pointer resting on the Week tab builds the week ahead, hidden and laid out,
 * so the click only shows it; back on Days it stays built and hidden, and Week shows it again as
 * it was. The hidden week is neither seen, nor in the accessibility tree, nor focusable.
 */
test('the Week tab: the pointer over it builds the week hidden, the click shows that very week, Days and back keep it', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'basic');
  await page.goto(`/?week=${week}`);
  await expect(page.locator('.ws-days-view')).toBeVisible();
  const weekSection = page.locator('section.wk');
  await expect(weekSection).toHaveCount(0);
  const tab = page.getByRole('link', { name: 'Week', exact: true });
  await tab.hover();
  // Built with its table (the chunk and the week were fetched first), and hidden.
  await expect(weekSection.locator('table')).toHaveCount(1);
  await expect(weekSection).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Week \d+/ })).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=week/);
  // Laid out at its own width, yet it adds nothing to the page's height and takes no focus.
  const widthAhead = await weekSection.evaluate((el) => el.getBoundingClientRect().width);
  expect(widthAhead).toBeGreaterThan(600);
  const heights = await weekSection.evaluate((el) => {
    const slot = el.parentElement!;
    const withIt = document.documentElement.scrollHeight;
    slot.style.display = 'none';
    const without = document.documentElement.scrollHeight;
    slot.style.display = '';
    return { withIt, without };
  });
  expect(heights.withIt).toBe(heights.without);
  await weekSection
    .locator('a, button')
    .first()
    .evaluate((el) => (el as HTMLElement).focus());
  await expect(weekSection.locator(':focus')).toHaveCount(0);
  await weekSection.evaluate((el) => el.setAttribute('data-e2e-built', 'ahead'));

  await tab.click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('heading', { name: /^Week \d+/ })).toBeVisible();
  // The very element built before the click, now shown; the day list is gone.
  await expect(weekSection).toHaveAttribute('data-e2e-built', 'ahead');
  expect(await weekSection.evaluate((el) => el.getBoundingClientRect().width)).toBe(widthAhead);
  await expect(page.locator('.ws-days-view')).toHaveCount(0);

  await page.getByRole('link', { name: 'Days', exact: true }).click();
  await expect(page.locator('.ws-days-view')).toBeVisible();
  await expect(weekSection).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Week \d+/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Week \d+/ })).toBeVisible();
  await expect(weekSection).toHaveAttribute('data-e2e-built', 'ahead');
});
