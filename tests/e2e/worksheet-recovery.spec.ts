import { expect, test, type Page } from '@playwright/test';
import { login, pick, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 22 §7: the server stops answering while the browser stays online (every /api call of the
 * page and of its service worker refused, as when the server process is down), then answers
 * again. Before, the list stayed on "…when the connection returns" until a reload and a queued
 * entry waited for "Send now". Now both recover with no user action: no click, no reload, no
 * focus change, no online event.
 */

const stamp = Date.now().toString(36);

/** Logs in as `other` at 1366 px and fills an item entry (not sent yet). */
async function fillEntry(page: Page, description: string) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'other');
  const form = page.locator('form.ws-form');
  await form.getByText('Item', { exact: true }).click();
  await pick(page, 'Job', '1002', /J-1002/);
  await pick(page, 'Unit', '1300', /1300/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BAG/);
  await form.getByLabel('Quantity').fill('4');
  await form.getByLabel('Description').fill(description);
  return form;
}

test('the server back: the list and the outbox recover by themselves; Retry is offered meanwhile', async ({ page, context }) => {
  test.setTimeout(120_000);
  const description = `Recovery ${stamp}`;
  const form = await fillEntry(page, description);

  // The server goes away.
  const down = '**/api/**';
  await context.route(down, (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Saved on this device; it will be sent when the connection returns')).toBeVisible();
  const outbox = page.locator('#outbox');
  await expect(outbox.getByTestId('outbox-item')).toContainText(description);
  await expect(outbox.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(outbox.getByText('The server did not answer. Trying again by itself…')).toBeVisible();

  // Opened again while it is away: the list cannot load; it says so and offers Retry.
  await page.reload();
  await expect(page.getByText('Your entries on the server show here when the connection returns.')).toBeVisible({ timeout: 30_000 });
  const listRetry = page.locator('.empty-state').getByRole('button', { name: 'Retry' });
  await expect(listRetry).toBeVisible();
  await expect(outbox.getByTestId('outbox-item')).toContainText(description);
  await screenshot(page, 'worksheet-recovery-down-1366-en');
  // "Retry" while it is still away: asked again, still away, still offered.
  await listRetry.click();
  await expect(listRetry).toBeVisible();

  // The server is back. Nobody touches anything.
  await context.unroute(down);
  await expect(page.getByText('1 entry sent')).toBeVisible({ timeout: 45_000 });
  await expect(outbox.getByTestId('outbox-item')).toHaveCount(0);
  await expect(page.locator('[data-entry-id]').filter({ hasText: description })).toHaveCount(1);
  await expect(page.getByText('Your entries on the server show here when the connection returns.')).toHaveCount(0);
  await screenshot(page, 'worksheet-recovery-back-1366-en');
});

test('a send in flight elsewhere (the service worker or another tab holding the outbox), and no device copy of the form settings, do not hide what waits', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const description = `Held ${stamp}`;
  const form = await fillEntry(page, description);
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  const item = page.locator('#outbox').getByTestId('outbox-item').filter({ hasText: description });
  await expect(item).toBeVisible();

  // Another page of this app holds the outbox, as the service worker's sync does while its request
  // waits for a server that does not answer.
  const other = await context.newPage();
  await other.goto('/healthz');
  await other.evaluate(
    () =>
      new Promise<void>((held) => {
        void navigator.locks.request('webtid-outbox', () => {
          held();
          return new Promise(() => undefined);
        });
      }),
  );
  // And this device has no copy of the master data yet (a first day, the sync not finished): the
  // copy is dropped as the page reloads, so the form settings are not known either.
  await other.evaluate(() => void indexedDB.deleteDatabase('webtid-master-data'));
  await page.reload();
  // Once the page has given up on the server (its form settings then come from the device), the
  // entry is listed (it used to wait for the lock: the list stayed empty).
  await expect(page.getByText('Your entries on the server show here when the connection returns.')).toBeVisible({ timeout: 30_000 });
  await expect(item).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // Without the form settings it cannot be edited yet, only deleted.
  await expect(item.getByRole('button', { name: 'Edit' })).toBeDisabled();
  // The other page goes; the entry can be deleted (which takes the outbox).
  await other.close();
  // The page now takes the outbox and tries to send (the server still refuses): while a try runs the
  // entry is "Sending" and Delete is disabled for that moment; a tap that fell in it is tapped again.
  await expect(async () => {
    await item.getByRole('button', { name: 'Delete' }).click({ timeout: 5_000 });
    await expect(page.getByRole('alertdialog')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('#outbox').getByTestId('outbox-item')).toHaveCount(0);
});
