import { expect, test } from '@playwright/test';
import { login, screenshot, VIEWPORTS } from './helpers';
import { copyOwners, readyForOffline } from './offline-helpers';

/*
 * Issue 14 §1, §2, §5 (decision 0150): after one online visit the service worker has the app
 * shell, so the app opens with no network on / and /worksheet/add for the last logged-in user;
 * a banner says it is offline; the entry form's pickers answer from the copy of the master data
 * in IndexedDB with the spec §4 rules. Logout leaves nothing of the user on the device, and a
 * different user's login removes the first user's copy. The service worker caches no API answer.
 */

test('the app opens offline on / and /worksheet/add, with pickers from the device copy', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  await readyForOffline(page, 'basic');

  await context.setOffline(true);
  await page.reload();
  // The shell comes from the service worker and renders for the last user, not /login.
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText('You are offline. New entries are kept on this device and sent when the connection returns.');
  await expect(page.locator('#main h1')).toBeVisible();
  await screenshot(page, 'offline-home-en-375');

  await page.goto('/worksheet/add');
  await expect(page.locator('form.ws-form')).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('master-data-age')).toHaveText(/^Master data from \d\d:\d\d$/);

  // Customers and jobs from IndexedDB; a chosen customer filters the jobs (spec §4).
  const customer = page.getByRole('combobox', { name: 'Customer', exact: true });
  const job = page.getByRole('combobox', { name: 'Job', exact: true });
  await customer.click();
  await customer.fill('nordhavn');
  await page.getByRole('listbox', { name: 'Customer' }).getByRole('option', { name: /C1000/ }).click();
  await expect(customer).toHaveValue(/C1000 · Nordhavn Byg ApS/);
  await expect(job).toHaveValue('');
  await job.click();
  await job.fill('J-');
  const jobs = page.getByRole('listbox', { name: 'Job', exact: true });
  await expect(jobs.getByRole('option')).toHaveCount(2);
  await expect(jobs.getByRole('option', { name: /J-1001/ })).toBeVisible();
  await expect(jobs.getByRole('option', { name: /J-1002/ })).toBeVisible();
  await job.fill('roof');
  await expect(jobs.getByRole('option')).toHaveCount(1);
  await jobs.getByRole('option', { name: /J-1002/ }).click();
  await expect(job).toHaveValue(/J-1002 · New roof, warehouse/);
  // A customer with a single job gets that job.
  await job.fill('');
  await job.blur();
  await customer.click();
  await customer.fill('C2000');
  await page.getByRole('listbox', { name: 'Customer' }).getByRole('option', { name: /C2000/ }).click();
  await expect(job).toHaveValue(/J-2001 · Bathroom, block 4/);

  // Items from IndexedDB; the only unit of measure is chosen.
  await page.locator('form.ws-form').getByText('Item', { exact: true }).click();
  const unit = page.getByRole('combobox', { name: 'Unit', exact: true });
  await unit.click();
  await unit.fill('copper');
  const units = page.getByRole('listbox', { name: 'Unit', exact: true });
  await expect(units.getByRole('option')).toHaveCount(1);
  await units.getByRole('option', { name: /1200/ }).click();
  await expect(unit).toHaveValue(/1200 · Copper pipe 15 mm/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/^M/);
  await screenshot(page, 'offline-add-en-375');

  // The banner fits every width and never makes the page scroll sideways.
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(banner).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
  }

  // The service worker caches the build only, never an API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/healthz'))).toEqual([]);

  // Back online: the banner goes.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('logout clears the device copy; another user never gets the first user’s copy', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  await readyForOffline(page, 'basic');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  const afterLogout = await copyOwners(page);
  expect(afterLogout.meta).toEqual([]);
  expect(afterLogout.kinds).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('webtid.offline.identity'))).toBeNull();

  // A shared phone: the first user's session ends without a logout and another user logs in.
  await login(page, 'basic');
  await readyForOffline(page, 'basic');
  await context.clearCookies();
  await login(page, 'other');
  await expect
    .poll(async () => copyOwners(page), { timeout: 30_000 })
    .toEqual({ meta: [expect.stringMatching(/:other$/)], kinds: [expect.stringMatching(/:other$/)], exists: true });
  expect(await page.evaluate(() => localStorage.getItem('webtid.offline.identity'))).toMatch(/"user":"\d+:other"/);

  // Offline the app opens for the second user only.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.locator('.nav__user')).toHaveText('other');
  await context.setOffline(false);
});

test('the offline banner and master-data age in Danish', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'dansk');
  await readyForOffline(page, 'dansk');
  await context.setOffline(true);
  await page.goto('/worksheet/add');
  await expect(page.getByTestId('offline-banner')).toHaveText('Du er offline. Nye registreringer gemmes på enheden og sendes, når forbindelsen er tilbage.');
  await expect(page.getByTestId('master-data-age')).toHaveText(/^Stamdata fra \d\d[.:]\d\d$/);
  await screenshot(page, 'offline-add-da-375');
  await context.setOffline(false);
});
