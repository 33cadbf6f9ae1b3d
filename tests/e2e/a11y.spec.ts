import { expect, test, type Page } from '@playwright/test';
import { axeBuilder, login, signIn } from './helpers';
import { code10, code20, ensureLongValues, USERS } from './long-values';

// Seven independent, read-only tests of up to a minute each: either worker may take any of them,
// so this file does not hold one worker for five minutes while the other runs out of files.
test.describe.configure({ mode: 'parallel' });

/**
 * Issue 10: axe reports no violations (WCAG 2.1 A and AA) on the login page, the worksheet home
 * (Yours, Team), the add page — also with a combobox open showing results, "no matches" and
 * "loading" — the archive, and an admin list and edit page, in English and Danish, with the
 * longest values the spec allows.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  // Let transitions (toasts, the menu) settle so colours are read at their end state.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const result = await axeBuilder(page).analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(', ')}`,
  );
}

for (const [lang, locale, user] of [
  ['en', 'en-GB', USERS[0][0]],
  ['da', 'da-DK', USERS[1][0]],
] as const) {
  test.describe(`axe, ${lang}`, () => {
    test.use({ locale });

    test(`no violations on the main screens (${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1366, height: 900 });
      await ensureLongValues();
      const found: string[] = [];

      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('input[name="username"]')).toBeVisible();
      found.push(...(await violations(page, 'login')));

      await login(page, user);
      await expect(page.locator('[data-entry-id]').first()).toBeVisible();
      found.push(...(await violations(page, 'worksheet yours')));
      await page.goto('/?mode=TEAM');
      await expect(page.locator('[data-entry-id]').first()).toBeVisible();
      found.push(...(await violations(page, 'worksheet team')));

      await page.goto('/worksheet/add');
      const customer = page.getByRole('combobox').first();
      await expect(customer).toBeVisible();
      found.push(...(await violations(page, 'worksheet add')));
      // Open with results.
      await customer.click();
      await customer.fill(code20.slice(0, 6));
      await expect(page.getByRole('option').first()).toBeVisible();
      found.push(...(await violations(page, 'combobox with results')));
      // No matches.
      await customer.fill('qqqqzzzz');
      await expect(page.locator('.ws-combo__note').first()).toHaveText(lang === 'en' ? 'No matches' : /.+/);
      found.push(...(await violations(page, 'combobox, no matches')));
      // Loading: the server's answer is held back until the check is done (the real answer, only later).
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/api\/trpc\/[^?]*customer\.search/, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await customer.fill('kkkkyyyy');
      await expect(page.locator('[aria-busy="true"]').first()).toBeAttached();
      found.push(...(await violations(page, 'combobox, loading')));
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.keyboard.press('Escape');

      await page.goto('/archive?mode=ALL');
      await expect(page.locator('[data-entry-id]').first()).toBeVisible();
      found.push(...(await violations(page, 'archive')));

      await page.goto('/admin/items');
      await expect(page.locator('[data-row-key]').first()).toBeVisible();
      found.push(...(await violations(page, 'admin items')));
      await page.goto(`/admin/items/edit?no=${code20}`);
      await expect(page.locator('#main h1')).toBeVisible();
      await expect(page.locator('input[name="description"]')).not.toHaveValue('');
      found.push(...(await violations(page, 'admin item edit')));

      expect(found).toEqual([]);
    });
  });
}

test('after a client-side navigation focus is on the new page’s main heading', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', '/');
  const focusedHeading = () => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : document.activeElement?.tagName));
  // A menu link (outside main) and a link inside the page both hand focus to the new heading.
  await page.locator('nav#main-menu').getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/archive/);
  await expect.poll(focusedHeading).toBe('Archive');
  await page.locator('nav#main-menu').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator('#main h1')).toHaveText('Admin');
  await expect.poll(focusedHeading).toBe('Admin');
  await page.locator('#main').getByRole('link').filter({ hasText: /Items/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/items/);
  await expect(page.locator('#main h1')).toHaveText('Items');
  await expect.poll(focusedHeading).toBe('Items');
  // A page that focuses its first field keeps that focus.
  await page.locator('#main').getByRole('link', { name: /Add/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/items\/add/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('no');
  // A search-only change (a tab) leaves focus on the tab.
  await page.goto('/');
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/mode=TEAM/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Team');
});

/** Every other screen and dialog, at desktop and phone widths (the phone's menu open). */
const MORE_SCREENS = [
  '/?mode=ALL',
  '/punch-clock',
  '/admin',
  '/admin/account',
  '/admin/webhooks',
  '/admin/users',
  '/admin/users/add',
  `/admin/users/edit?username=${USERS[0][0]}`,
  '/admin/resources',
  `/admin/resources/edit?no=${code20}`,
  '/admin/customers',
  `/admin/customers/edit?no=${code20}`,
  '/admin/jobs',
  `/admin/jobs/edit?code=${code20}`,
  '/admin/locations',
  `/admin/locations/edit?code=${code10}`,
  '/admin/worktypes',
  `/admin/worktypes/edit?code=${code10}`,
];

/** Each screen loaded, settled and checked; what axe finds is added to `found`. */
async function checkScreens(page: Page, screens: readonly string[], found: string[]): Promise<void> {
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('#main h1')).toBeVisible();
    await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0);
    found.push(...(await violations(page, screen)));
  }
}

// The language is the user's own (ENU / DAN), whatever the browser's. Two tests per language, so
// that both workers share the 18 screens and 5 dialogs (one test of all of them was the run's
// longest, 60+ s on the loaded machine).
for (const [lang, user] of [
  ['en', USERS[0][0]],
  ['da', USERS[1][0]],
] as const) {
  test(`no violations on every other screen and dialog (${lang}): worksheet, account and users; the row and download dialogs`, async ({ page }) => {
    test.setTimeout(240_000);
    const screens = MORE_SCREENS.slice(0, 9);
    await page.setViewportSize({ width: 1366, height: 900 });
    await ensureLongValues();
    await signIn(page, user, screens[0]!);
    const found: string[] = [];
    await checkScreens(page, screens, found);

    // The row dialogs of the worksheet: history and the delete question.
    await page.goto('/?mode=YOURS');
    const row = page.locator('.ws-table [data-entry-id]').first();
    await expect(row).toBeVisible();
    await page.locator('.ws-table [data-entry-id]').last().locator('button[aria-label]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await violations(page, 'worksheet row dialog')));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The download dialog.
    await page.getByRole('button', { name: 'Download' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await violations(page, 'download dialog')));
    await page.keyboard.press('Escape');

    expect(found).toEqual([]);
  });

  test(`no violations on every other screen and dialog (${lang}): master data; the phone's menu and attachments dialog`, async ({ page }) => {
    test.setTimeout(240_000);
    const screens = MORE_SCREENS.slice(9);
    await page.setViewportSize({ width: 1366, height: 900 });
    await ensureLongValues();
    await signIn(page, user, screens[0]!);
    const found: string[] = [];
    await checkScreens(page, screens, found);

    // Phone: the menu open, and the entry form's attachments dialog.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/worksheet/add');
    await expect(page.locator('#main h1')).toBeVisible();
    found.push(...(await violations(page, 'phone add')));
    await page.locator('button[aria-controls="main-menu"]').click();
    await expect(page.locator('nav#main-menu')).toBeVisible();
    found.push(...(await violations(page, 'phone menu open')));
    await page.keyboard.press('Escape');
    await page
      .locator('form.ws-form')
      .getByRole('button', { name: /\((0)\)/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await violations(page, 'attachments dialog')));

    expect(found).toEqual([]);
  });
}
