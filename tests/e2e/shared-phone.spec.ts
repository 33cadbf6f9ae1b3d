import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { login, screenshot, VIEWPORTS } from './helpers';
import { readyForOffline } from './offline-helpers';

/*
 * Issue 21 §1 (decision 0199), a shared phone: a Basic user logs out while offline. The device
 * stops counting the session at once (the HttpOnly cookie cannot be removed offline: a
 * logout-pending marker makes it count for nothing), the unsaved draft goes, and the next person
 * gets the login page — offline, and online, where the server ends the old session at the first
 * connection (its cookie answers 401 from then on and is removed from the device).
 */

const drafts = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('webtid:ws-draft:')));
const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'webtid_session');

test('logging out offline: the next person gets the login page, offline and online, and the old session is ended', async ({ page, context, request }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  await readyForOffline(page, 'basic');
  const before = await sessionCookie(context);
  expect(before).toBeDefined();
  const oldCookie = `webtid_session=${before!.value}`;

  // An entry being typed (kept as a draft in sessionStorage), then offline.
  await page.goto('/worksheet/add');
  await page.locator('form.ws-form').getByLabel('Description').fill('Typed before the logout');
  await expect.poll(() => drafts(page)).not.toEqual([]);
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(await drafts(page)).toEqual([]);
  await screenshot(page, 'shared-phone-logged-out-offline-375-en');

  // The next person, still offline: the app opens on the login page, not the previous user's home.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/worksheet/add');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('form.ws-form')).toHaveCount(0);

  // Online again: still the login page, and the server ends the old session at this connection.
  await context.setOffline(false);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('webtid.logout-pending'))).toBeNull();
  await expect.poll(() => sessionCookie(context)).toBeUndefined();
  const replay = await request.get('/api/user/info', { headers: { Cookie: oldCookie } });
  expect(replay.status()).toBe(401);

  // The next person logs in as themselves.
  await login(page, 'leader');
  expect(await page.evaluate(() => fetch('/api/user/info').then((r) => r.json() as Promise<{ username: string }>))).toMatchObject({ username: 'leader' });
});

test('logging out online ends the session at once and wipes the drafts', async ({ page, context, request }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  const oldCookie = `webtid_session=${(await sessionCookie(context))!.value}`;
  await page.goto('/worksheet/add');
  await page.locator('form.ws-form').getByLabel('Description').fill('Typed before the logout');
  await expect.poll(() => drafts(page)).not.toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await drafts(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('webtid.logout-pending'))).toBeNull();
  expect(await sessionCookie(context)).toBeUndefined();
  expect((await request.get('/api/user/info', { headers: { Cookie: oldCookie } })).status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
