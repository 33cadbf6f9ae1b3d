import { expect, test, type Page } from '@playwright/test';
import { login, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 22 §5: "Copy to…" on a day's header copies the day's entries to another date through the
 * dialog (date → preview of the dry run → Copy); the list then shows them on that date. At 375 px
 * in Danish and at 1366 px in English; screenshots of the preview and of the result.
 */

/** Two entries of the logged-in user on `date` (hours and an item), created over REST. */
async function seedDay(page: Page, date: string, tag: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const entries = [
    { date, customerNo: 'C1000', jobCode: 'J-1001', jobTaskCode: '100', locationCode: 'CPH', workTypeCode: 'NORMAL', unitType: 'Resource', unitNo: 'R01', description: `${tag} hours`, timeFrom: '07:00', timeTo: '14:30', unitOfMeasureCode: 'HOUR' },
    { date, customerNo: 'C1000', jobCode: 'J-1001', jobTaskCode: '200', unitType: 'Item', unitNo: '1000', description: `${tag} screws`, quantity: 2, unitOfMeasureCode: 'BOX' },
  ];
  for (const data of entries) {
    const res = await page.request.post('/api/worksheet', { data, headers: { Origin: origin } });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const cases = [
  { name: 'phone-da', user: 'dansk', viewport: VIEWPORTS.phone, from: '2026-10-05', to: '2026-10-08', preview: 'Vis hvad der oprettes', confirm: 'Kopiér', toast: '2 registreringer kopieret', dateLabel: 'Kopiér til dato' },
  { name: 'desktop-en', user: 'basic', viewport: VIEWPORTS.desktop, from: '2026-10-12', to: '2026-10-15', preview: 'Show what will be created', confirm: 'Copy', toast: '2 entries copied', dateLabel: 'Copy to date' },
] as const;

for (const c of cases) {
  test(`copy a day to another date via the dialog (${c.name})`, async ({ page }) => {
    await page.setViewportSize(c.viewport);
    await login(page, c.user);
    await seedDay(page, c.from, `Copy ${c.name}`);
    await page.reload();
    const source = page.locator(`[aria-labelledby="day-${c.from}"]`);
    await expect(source.locator('[data-entry-id]')).toHaveCount(2);

    await source.locator('.ws-day__copy').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const date = dialog.getByLabel(c.dateLabel);
    await expect(date).toBeFocused();
    await date.fill(c.to);
    await dialog.getByRole('button', { name: c.preview }).click();
    await expect(dialog.locator('.ws-copy__preview li')).toHaveCount(2);
    await expect(page.locator(`[aria-labelledby="day-${c.to}"]`)).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, `copy-${c.name}-preview`);

    await dialog.getByRole('button', { name: c.confirm, exact: true }).click();
    await expect(page.getByText(c.toast)).toBeVisible();
    await expect(dialog).toBeHidden();
    const target = page.locator(`[aria-labelledby="day-${c.to}"]`);
    await expect(target.locator('[data-entry-id]')).toHaveCount(2);
    await expect(target).toContainText(`Copy ${c.name} hours`);
    await expect(source.locator('[data-entry-id]')).toHaveCount(2);
    await target.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await screenshot(page, `copy-${c.name}-done`);
  });
}
