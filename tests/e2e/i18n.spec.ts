import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from './helpers';

/**
 * Spec §1 / issue 10 §10 (decision 0171): English is in the bundle; Danish is fetched from
 * ./locales/da.json, and shown only once it is there.
 */
test.describe('a Danish browser', () => {
  test.use({ locale: 'da-DK' });

  test('fetches /locales/da.json before the first page shows, in Danish', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
    expect(fetched).toContain('/locales/da.json');
    // No English text was ever rendered before it: the first heading the page got is Danish.
    await expect(page.getByRole('heading', { name: 'Log in', exact: true })).toHaveCount(0);
  });
});

test('an English browser fetches no catalogue until a Danish user logs in', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(fetched.filter((p) => p.startsWith('/locales/'))).toEqual([]);
  await login(page, 'dansk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.locator('nav#main-menu')).toContainText('Arkiv');
  expect(fetched).toContain('/locales/da.json');
});

test('the client bundle carries no Danish text', () => {
  const dir = 'dist/client/assets';
  const danish = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => /Log ind|Arbejdsseddel|vedhæftede filer/.test(readFileSync(`${dir}/${f}`, 'utf8')));
  expect(danish).toEqual([]);
});
