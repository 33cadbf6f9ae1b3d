import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';

/*
 * Admin lists are paged on the server (issue 9, decision 0175): /admin/items with more than one
 * page shows the first 200, says so, loads the next page as the user scrolls to the end, and
 * searches on the server. The e2e server is shared with other spec files: the items made here have
 * numbers of their own (ZPG…) and are deleted again.
 */
const COUNT = 230;
const no = (i: number) => `ZPG${String(i).padStart(4, '0')}`;

async function api(page: Page, method: 'POST' | 'DELETE', path: string, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.fetch(path, { method, data, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
}

test('an admin list with more than one page loads the next page on scroll, and searches on the server', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin');
  for (let i = 1; i <= COUNT; i++) await api(page, 'POST', '/api/item', { no: no(i), description: `Paging item ${i}` });
  try {
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('item.list')) listCalls.push(decodeURIComponent(r.url()));
    });
    await page.goto('/admin/items');
    const count = page.locator('.admin-toolbar__count');
    await expect(count).toHaveText(/^Showing 200 of \d+$/);
    const total = Number(/of (\d+)/.exec((await count.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(COUNT + 1);
    expect(total).toBeLessThanOrEqual(400);
    await expect(page.locator('.admin-more')).toHaveText(`200 of ${total} loaded; scroll down for more`);
    // The last item is not loaded yet.
    expect(listCalls.filter((u) => u.includes('"cursor"'))).toHaveLength(0);

    // Scroll to the end: the next page is asked for with the cursor and appended.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(count).toHaveText(`${total} in all`, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    expect(listCalls.some((u) => u.includes('"cursor"'))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator(`[data-row-key="${no(COUNT)}"]`)).toBeVisible();
    await expect(page.locator('.admin-more')).toBeEmpty();

    // Search on the server: "Paging item 22" is 22 and 220–229.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('searchbox').fill('paging item 22');
    await expect(count).toHaveText('11 of 11');
    await expect(page.locator('[data-row-key]')).toHaveCount(11);
    expect(listCalls.some((u) => u.includes('"q":"paging item 22"'))).toBe(true);

    // Sorting by description descending is done by the server too.
    await page.getByRole('searchbox').fill('paging item');
    await expect(count).toHaveText(/^Showing 200 of 230$|^230 of 230$/);
    const header = page.locator('.admin-table th').nth(1);
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(page.locator('.admin-table tbody tr[data-row-key]').first()).toHaveAttribute('data-row-key', no(99));
    expect(listCalls.some((u) => u.includes('"sort":"text"') && u.includes('"dir":"desc"'))).toBe(true);
  } finally {
    for (let i = 1; i <= COUNT; i++) await api(page, 'DELETE', '/api/item', { no: no(i) });
  }
});
