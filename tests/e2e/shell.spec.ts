import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNT_NAME, login, mainMenu, PASSWORD, screenshot, VIEWPORTS } from './helpers';

test.describe('login and the menu bar', () => {
  test('admin sees account, username and the Admin entry', async ({ page }) => {
    await login(page, 'admin');
    const menu = mainMenu(page);
    await expect(menu).toContainText(ACCOUNT_NAME);
    await expect(menu).toContainText('admin');
    await expect(page.locator('#main h1')).toHaveText('Worksheet');
    await expect(menu.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Archive' })).toBeVisible();

    const punchClock = menu.getByRole('link', { name: 'Punch clock' });
    await expect(punchClock).toHaveAttribute('aria-disabled', 'true');
    await expect(punchClock).not.toHaveAttribute('href');

    const help = menu.getByRole('link', { name: 'Help' });
    await expect(help).toHaveAttribute('href', /^mailto:.+\?subject=Support%3A%20NS-Webtid$/);
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} NS-Webtid`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The admin menu has a tile per area, and the tiles lead to their pages.
    await menu.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const tiles = page.locator('.tiles a');
    await expect(tiles).toHaveCount(10); // the eight areas of spec §2, webhooks (issue 13) and import (issue 42)
    await page.getByRole('link', { name: /^Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.locator('#main h1')).toHaveText('Users');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admin');
  });

  test('a basic user has no Admin entry and is refused on /admin', async ({ page }) => {
    await login(page, 'basic');
    await expect(mainMenu(page)).toContainText('basic');
    await expect(mainMenu(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.locator('#main h1')).toHaveText('Not allowed');
  });

  test('routes of spec §2 exist and /worksheet redirects to /', async ({ page }) => {
    // 25 page loads: on a loaded machine that outlasts the default limit (3x with slow()).
    test.slow();
    await login(page, 'admin');
    await page.goto('/worksheet');
    await expect(page).toHaveURL(/\/$/);
    // Other issues replace the placeholder pages, so only ask for a working page with a title.
    const paths = [
      '/worksheet/add',
      '/worksheet/edit/1',
      '/punch-clock',
      '/archive',
      '/admin/account',
      '/admin/users',
      '/admin/users/add',
      '/admin/users/edit?username=basic',
      '/admin/items',
      '/admin/items/add',
      '/admin/items/edit?no=10',
      '/admin/resources',
      '/admin/resources/add',
      '/admin/resources/edit?no=R01',
      '/admin/locations',
      '/admin/locations/edit?code=HQ',
      '/admin/worktypes',
      '/admin/worktypes/add',
      '/admin/worktypes/edit?code=W1',
      '/admin/customers',
      '/admin/customers/add',
      '/admin/customers/edit?no=C1',
      '/admin/jobs',
      '/admin/jobs/add',
      '/admin/jobs/edit?code=J1',
    ];
    for (const path of paths) {
      await page.goto(path);
      const title = page.locator('#main h1').first();
      await expect(title, path).toBeVisible();
      await expect(title, path).not.toHaveText(/^(Something went wrong|Page not found|Not allowed)$/);
    }
    await page.goto('/punch-clock');
    await expect(page.locator('#main h1')).toHaveText('Punch clock');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('log out lands on /login', async ({ page }) => {
    await login(page, 'leader');
    await mainMenu(page).getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'You have been logged out' })).toBeVisible();
    // The session is gone on the server too.
    await page.goto('/archive');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown user or wrong password shows "Invalid login information"', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('other');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid login information');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login information' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login checks required fields, reveals the password and remembers by default', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Remember me')).toBeChecked();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Field is required')).toHaveCount(2);
    // The first invalid field gets the focus; from then on the check runs as the user types.
    await expect(page.locator('input[name="username"]')).toBeFocused();
    await page.locator('input[name="username"]').fill('   ');
    await expect(page.getByText('Field is required')).toHaveCount(2);
    await page.locator('input[name="username"]').fill('admin');
    await expect(page.locator('input[name="username"]')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Field is required')).toHaveCount(1);

    const password = page.locator('input[name="password"]');
    await password.fill(PASSWORD);
    await expect(page.getByText('Field is required')).toHaveCount(0);
    await expect(password).toHaveAttribute('type', 'password');
    const reveal = page.getByRole('button', { name: 'Show password' });
    await expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await reveal.click();
    await expect(reveal).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('a Danish user gets the Danish menu', async ({ page }) => {
    await login(page, 'dansk');
    const menu = mainMenu(page);
    for (const text of ['Arbejdsseddel', 'Stempelur', 'Arkiv', 'Hjælp', 'Log ud']) {
      await expect(menu).toContainText(text);
    }
    await expect(page.locator('#main h1')).toHaveText('Arbejdsseddel');
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  });

  test('without a session an authenticated page sends the user to /login', async ({ page, context }) => {
    await login(page, 'admin');
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('phone menu', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the toggle opens and closes the menu, and navigation closes it', async ({ page }) => {
    await login(page, 'admin');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const archive = mainMenu(page).getByRole('link', { name: 'Archive' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(archive).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(archive).toBeVisible();
    await expect(mainMenu(page)).toContainText(ACCOUNT_NAME);
    await screenshot(page, 'home-menu-open-phone-en');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(archive).toBeHidden();

    await toggle.click();
    await archive.click();
    await expect(page).toHaveURL(/\/archive$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(archive).toBeHidden();

    // 320 px: the toggle shows its icon only and keeps its name; the app's name stays on one line.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(toggle).toBeVisible();
    await expect(toggle.locator('.menu-toggle__label')).toHaveCSS('position', 'absolute');
    const nameHeight = await page.locator('.brand__name').evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '0'));
    expect(nameHeight).toBeLessThan(1.5);
    await toggle.click();
    await expect(archive).toBeVisible();
  });

  test('touch targets on the login form and in the menu are at least 44 px high', async ({ page }) => {
    const expectTall = async (locator: Locator) => {
      const box = await locator.boundingBox();
      expect(box?.height ?? 0, await locator.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
    };
    await page.goto('/login');
    await expectTall(page.locator('input[name="username"]'));
    await expectTall(page.getByRole('button', { name: 'Show password' }));
    await expectTall(page.getByRole('button', { name: 'Login' }));
    await login(page, 'admin');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expectTall(toggle);
    await toggle.click();
    for (const link of await mainMenu(page).getByRole('link').all()) await expectTall(link);
  });
});

/**
 * Moves a paused page clock on in small steps until `done` settles: the app's own timers (the
 * tRPC link batches calls with setTimeout) must run, but page time goes ten times slower than real
 * time, so a slow answer on a busy machine costs little of it. Returns the page time spent.
 */
async function pumpUntil(page: Page, done: Promise<unknown>, maxPageMs: number): Promise<number> {
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  let spent = 0;
  while (!settled && spent < maxPageMs) {
    await page.clock.runFor(5);
    spent += 5;
    await new Promise((r) => setTimeout(r, 50));
  }
  await done;
  return spent;
}

test('idle for 10 minutes: logged out with a warning, then back to /login', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await login(page, 'basic');
  // From here the page's time moves only when the test moves it. The installed clock otherwise runs
  // with real time, and on a busy machine the steps below could take the 3 s after which the page
  // reloads by itself (decision 0251).
  await page.clock.pauseAt(Date.now() + 9 * 60_000);
  const sessionEnded = page.waitForResponse((r) => r.url().includes('user.logout'));
  await page.clock.fastForward('01:01');
  const warning = page.getByRole('alert').filter({ hasText: "You've been idle for too long and have been logged out." });
  await expect(warning).toBeVisible();
  let spent = await pumpUntil(page, sessionEnded, 1000);
  expect((await sessionEnded).ok()).toBe(true);
  await screenshot(page, 'idle-warning-desktop-en');
  // The session is gone on the server, so a call the page makes now answers 401 — a refetch, the
  // master-data sync's minute tick (this test once failed so in a full run), or here a click on the
  // menu. It must not take the page to /login before the warning has been shown for its 3 s.
  const refused = page.waitForResponse((r) => r.status() === 401);
  await mainMenu(page).getByRole('link', { name: 'Archive' }).click();
  spent += await pumpUntil(page, refused, 1000);
  await expect(warning).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
  // The warning has no time-out of its own; the page reloads 3 seconds after it appeared.
  await page.clock.fastForward(2900 - spent);
  await expect(warning).toBeVisible();
  await page.clock.fastForward(500);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/login$/);
  // The login page says why the user is there (issue 10 §6), once.
  await expect(page.getByTestId('login-reason')).toHaveText('You were logged out after 10 minutes without activity. Log in again to continue.');
});

test('activity in one tab keeps the other tabs of the app alive', async ({ context, page }) => {
  await context.clock.install();
  await login(page, 'leader');
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.locator('#main h1')).toHaveText('Worksheet');
  // The first tab sees no activity for 16 minutes; the second is used every 4.
  const stamp = (tab: typeof page) => tab.evaluate(() => localStorage.getItem('webtid:last-activity'));
  for (let i = 0; i < 4; i++) {
    await context.clock.fastForward('04:00');
    await other.mouse.move(100 + i * 10, 200);
    // Four minutes pass here in a few milliseconds: let the second tab's stamp reach the first
    // tab's storage (another renderer process) before the next jump, as it would in real time.
    const shared = await stamp(other);
    await expect.poll(() => stamp(page)).toBe(shared);
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await other.close();
});

test('a session that ends elsewhere sends the user to /login with the reason', async ({ context, page }) => {
  await login(page, 'basic');
  await context.clearCookies();
  // The next call the app makes answers 401: the archive's, or a background refetch that beats
  // the click (then the menu is already gone, which is the same outcome).
  await mainMenu(page)
    .getByRole('link', { name: 'Archive' })
    .click({ timeout: 5000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-reason')).toHaveText('Your session has ended. Log in again to continue.');
});

test('mouse movement or a key press restarts the idle time', async ({ page }) => {
  await page.clock.install();
  await login(page, 'leader');
  await page.clock.fastForward('09:00');
  await page.mouse.move(200, 300);
  await page.clock.fastForward('09:00');
  await page.keyboard.press('Shift');
  await page.clock.fastForward('09:00');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.locator('#main h1')).toHaveText('Worksheet');
});

test.describe('screenshots, English', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`login, home and admin menu, ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      await screenshot(page, `login-${size}-en`);
      await login(page, 'admin');
      await screenshot(page, `home-${size}-en`);
      await page.goto('/admin');
      await expect(page.locator('.tiles a')).toHaveCount(10);
      await screenshot(page, `admin-${size}-en`);
      await page.goto('/admin/users/edit?username=basic');
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Edit');
      await screenshot(page, `admin-user-edit-${size}-en`);
    });
  }
});

test.describe('screenshots, Danish browser', () => {
  test.use({ locale: 'da-DK' });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`login and home, ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      // Before login the browser language decides.
      await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'da');
      await page.getByRole('button', { name: 'Log ind', exact: true }).click();
      await expect(page.getByText('Feltet skal udfyldes')).toHaveCount(2);
      await screenshot(page, `login-${size}-da`);
      await login(page, 'dansk');
      await screenshot(page, `home-${size}-da`);
    });
  }
});
