import { expect, test } from '@playwright/test';
import { PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/** /admin/webhooks (issue 13 point 6) in English and Danish, at phone and desktop width. */
test.setTimeout(120_000);

test('an admin adds an endpoint, sees the secret once and sends a test event', async ({ page, request, baseURL }) => {
  const headers = { Origin: baseURL ?? '' };
  await request.post('/api/user/login', { data: { username: 'admin', password: PASSWORD }, headers });
  await request.post('/api/user', { data: { username: 'daadmin', password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Admin', languageCode: 'DAN' }, headers });

  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'admin', '/admin');
  await page.getByRole('link', { name: /Webhooks/ }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  // A public documentation address (TEST-NET-3): accepted by the SSRF guard, never answers.
  await page.getByLabel('URL').fill('https://93.184.215.14/webtid');
  await page.getByLabel('Description').fill('Business Central sync');
  await page.getByLabel('Approval removed').uncheck();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
  await screenshot(page, 'admin-webhooks-secret-en-1366');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.locator('.wh-delivery').first()).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'admin-webhooks-en-1366');
  await page.setViewportSize(VIEWPORTS.phone);
  await screenshot(page, 'admin-webhooks-en-375');
});

test('the Danish screen', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'daadmin', '/admin/webhooks');
  await expect(page.getByRole('heading', { name: 'Tilføj et endpoint' })).toBeVisible();
  await expect(page.getByText('Business Central sync')).toBeVisible();
  await screenshot(page, 'admin-webhooks-da-1366');
  await page.setViewportSize(VIEWPORTS.phone);
  await screenshot(page, 'admin-webhooks-da-375');
});
