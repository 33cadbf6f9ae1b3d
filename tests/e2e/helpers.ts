import { expect, type Page } from '@playwright/test';

/** Users created by tests/e2e/start-server.ts, all in account "Test A/S". */
export const PASSWORD = 'Test-pass-1';
export const ACCOUNT_NAME = 'Test A/S';

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  tablet: { width: 800, height: 1000 },
  desktop: { width: 1366, height: 860 },
} as const;

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

/** Full-page screenshot into test-results/screens/<name>.png, for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // animations: 'disabled' fast-forwards finite CSS animations (the toasts' entry) to their end
  // state, so the picture does not depend on how long the page has had to settle.
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}
