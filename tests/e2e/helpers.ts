import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';

/** Users created by tests/e2e/start-server.ts, all in account "Test A/S". */
export const PASSWORD = 'Test-pass-1';
export const ACCOUNT_NAME = 'Test A/S';

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  tablet: { width: 800, height: 1000 },
  desktop: { width: 1366, height: 860 },
} as const;

/**
 * An API client logged in as `username` (a "remember me" session), for setting data up and
 * checking it on the server. It sends the app's Origin, as the browser does. dispose() it after use.
 */
export async function apiLogin(baseURL: string, username: string, password = PASSWORD): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await ctx.post('/api/user/login', { data: { username, password, remember: true } });
  expect(res.status(), `login ${username}`).toBe(200);
  return ctx;
}

/** The e2e server's origin (the config's baseURL), for the Origin header of API calls. */
export function appOrigin(): string {
  return new URL(String(test.info().project.use.baseURL)).origin;
}

/**
 * Logs `username` in through the API inside the page's browser context (page.request shares the
 * context's cookies) and opens `path`. For tests whose subject is not the login form (that form is
 * tested in shell.spec.ts and wherever `login` is used): it saves loading /login and the worksheet
 * home before the page the test wants.
 * This first page is the app's cold start in this context (no cached scripts, the service worker
 * installing); on a loaded machine that took 15–20 s before the page's heading showed, so the
 * heading gets 30 s here rather than the 10 s of an ordinary check (a hang limit, not a timing).
 */
export async function signIn(page: Page, username: string, path: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/api/user/login', { data: { username, password, remember: true }, headers: { Origin: appOrigin() } });
  expect(res.status(), `login ${username}`).toBe(200);
  await page.goto(path);
  await expect(page.locator('#main h1').first()).toBeVisible({ timeout: 30_000 });
}

/** Logs in through the form and waits for the worksheet home. */
export async function login(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#main h1')).toBeVisible();
}

/** The menu entries live in the nav labelled "Main menu" (or its Danish form). */
export function mainMenu(page: Page) {
  return page.locator('nav#main-menu');
}

/**
 * Records, as it happens, whether an entry holding `text` is highlighted: the highlight after an
 * edit lasts a moment (2.5 s), which a loaded machine's checks can outlast. Call before the action
 * (the app navigates without reloading, so the observer stays); poll the returned check.
 */
export async function watchHighlight(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const seen = window as unknown as { lit?: boolean };
    seen.lit = false;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-entry-id].is-highlighted')) if (row.textContent?.includes(wanted)) seen.lit = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  }, text);
  return () => page.evaluate(() => (window as unknown as { lit?: boolean }).lit === true);
}

/** Full-page screenshot into test-results/screens/<name>.png, for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // animations: 'disabled' fast-forwards finite CSS animations (the toasts' entry) to their end
  // state, so the picture does not depend on how long the page has had to settle.
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** Chooses an option of an entry-form combobox: types the search, clicks the first matching option. */
export async function pick(page: Page, field: string | RegExp, search: string, option: RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: field, exact: typeof field === 'string' });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The Danish user's entry form filled with an item entry (job J-1001, task 100, item 1000, quantity 2). */
export async function fillDanishItemEntry(page: Page, description: string): Promise<void> {
  const form = page.locator('form.ws-form');
  await pick(page, 'Sag', '1001', /J-1001/);
  await pick(page, 'Opgave', 'Demol', /100/);
  await form.getByText('Vare', { exact: true }).click();
  await pick(page, 'Vare/ressource', '1000', /1000/);
  await form.getByLabel('Antal').fill('2');
  await form.getByLabel('Beskrivelse').fill(description);
}

/**
 * The rules of WCAG 2.1 A/AA and axe's best practices. In axe's "legacy" mode, one injection and
 * `axe.run` in the page: the default mode injects axe (650 kB) into the page and again into a new
 * blank tab per check, to merge the results of cross-origin frames, and the app has no frames at
 * all. Measured on the same screens (with a missing alt text and a faint text added): the same
 * violations, passes, incomplete and inapplicable rules, node for node, at about 0.35 s a check
 * instead of 0.6 s (decision 0290).
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
}
