import { expect, test, type Page } from '@playwright/test';
import { fillDanishItemEntry, login, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * One error path on the client (issue 10 §7, decision 0160): with the server unreachable a
 * Danish user reads Danish, never "Failed to fetch"; navigating while the server is down shows
 * the app's own error page with Retry (never the browser's "This site can't be reached"), and
 * Retry works once the server is back; a duplicate code shows on the Code field, not as a banner.
 */
// page.route cannot see what a service worker answers from its cache: these tests simulate the
// server being down with page.route, so the worker (issue 14) is kept out of them.
test.use({ viewport: VIEWPORTS.desktop, serviceWorkers: 'block' });

/** Every request of the page fails as if nothing listened on the port. */
const serverDown = (page: Page) => page.route('**/*', (route) => route.abort('connectionrefused'));
const serverUp = (page: Page) => page.unroute('**/*');

test('Danish: a create while the server cannot be reached is kept on the device, in Danish, nothing lost', async ({ page }) => {
  await login(page, 'dansk');
  const form = page.locator('form.ws-form');
  await fillDanishItemEntry(page, 'Offline create');

  await serverDown(page);
  await form.getByRole('button', { name: 'Opret', exact: true }).click();
  // A network failure is not a refusal: the entry waits in the outbox (issue 14), and says so in Danish.
  const toasts = page.locator('.toasts');
  await expect(toasts).toContainText('Gemt på denne enhed; den sendes, når forbindelsen er tilbage');
  await expect(page.locator('body')).not.toContainText('Failed to fetch');
  await serverUp(page);
});

test('Danish: Archive while the server is down shows the app error page; Retry works once it is back', async ({ page }) => {
  await login(page, 'dansk');
  await serverDown(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Arkiv' }).first().click();

  const errorPage = page.getByTestId('error-page');
  await expect(errorPage).toBeVisible();
  await expect(errorPage).toContainText('Serveren kunne ikke nås');
  await expect(page.locator('body')).not.toContainText('Failed to fetch');
  // The app is still there: its menu, not the browser's own error page.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Arkiv' }).first()).toBeVisible();
  await screenshot(page, 'error-page-server-down-1366-da');

  // Retry while still down keeps the app's page.
  await errorPage.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(errorPage.getByRole('status')).toHaveText('Serveren kunne ikke nås');
  await expect(errorPage).toBeVisible();

  await serverUp(page);
  await errorPage.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page).toHaveURL(/\/archive/);
  await expect(page.locator('#main h1')).toHaveText('Arkiv');
  await expect(page.getByTestId('error-page')).toHaveCount(0);
});

test('a duplicate code shows on the Code field, not as a banner', async ({ page }) => {
  await signIn(page, 'admin', '/admin/jobs/add');
  await page.getByLabel('Code', { exact: true }).fill('J-1001');
  await page.getByLabel('Bill-to customer').selectOption('C1000');
  await page.getByRole('button', { name: 'Create' }).click();
  const codeField = page.locator('.field', { has: page.getByLabel('Code', { exact: true }) });
  await expect(codeField.locator('.field__error')).toHaveText('Job J-1001 already exists');
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.form-error')).toHaveCount(0);
});
