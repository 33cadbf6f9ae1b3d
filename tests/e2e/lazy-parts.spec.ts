import { expect, test, type Page } from '@playwright/test';
import { login, VIEWPORTS, fillDanishItemEntry } from './helpers';

/*
 * Decision 0185: the worksheet's dialogs come as their own chunks, fetched when the pointer is
 * over the button or at the click. A chunk that cannot be fetched (the server gone since the page
 * loaded) says so in a toast, and the worksheet stays as it was — never the route's error page,
 * never a dead button that does nothing.
 */
// page.route cannot see what a service worker answers from its cache, so the worker is kept out.
test.use({ viewport: VIEWPORTS.desktop, serviceWorkers: 'block' });

const serverDown = (page: Page) => page.route('**/*', (route) => route.abort('connectionrefused'));
const serverUp = (page: Page) => page.unroute('**/*');

/** The Danish user's item entry created with its send refused at the door: it waits on the device. */
async function queueEntry(page: Page, description: string) {
  await page.route(
    (url) => url.pathname === '/api/worksheet',
    (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()),
  );
  await fillDanishItemEntry(page, description);
  await page.locator('form.ws-form').getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
}

/** Deletes the waiting entry (after its confirmation), leaving nothing behind for other tests. */
async function deleteWaiting(page: Page, description: string) {
  await page.getByTestId('outbox-item').filter({ hasText: description }).getByRole('button', { name: 'Slet' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Slet' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
}

test('the download dialog with the server gone: a toast says so, the worksheet stays; once back the dialog opens', async ({ page }) => {
  await login(page, 'basic');
  const download = page.locator('.page-header__actions').getByRole('button', { name: 'Download', exact: true });
  // The button is the real one at once (it used to be a disabled stand-in while its code loaded).
  await expect(download).toBeEnabled();

  await serverDown(page);
  await download.click();
  await expect(page.locator('.toasts')).toContainText('The server could not be reached');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(page.locator('#main h1')).toHaveText('Worksheet');
  await expect(page.locator('form.ws-form')).toBeVisible();

  await serverUp(page);
  // The failed chunk is fetched again at the next click.
  await download.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Download entries' })).toBeVisible();
});

test('the photo dialog of the entry form opens from its button and adds a photo', async ({ page }) => {
  await login(page, 'basic');
  const form = page.locator('form.ws-form');
  await form.getByRole('button', { name: /^Attachments \(\d+\)$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('ws-file-input').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await expect(dialog).toContainText('site.png');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  // Focus is back on the button that opened it (the browser's own <dialog> handling, kept by the lazy load).
  await expect(form.getByRole('button', { name: /^Attachments \(\d+\)$/ })).toBeFocused();
});

test('entries waiting: the worksheet lists them at once, its code fetched when the menu counted them', async ({ page }) => {
  const description = `Waiting ${Date.now().toString(36)}`;
  await login(page, 'dansk');
  // Sending is refused at the door from here on, so the entry stays waiting on the device.
  await queueEntry(page, description);

  // A fresh page on another screen: the menu counts the waiting entry and fetches the list's code.
  await page.getByRole('navigation').getByRole('link', { name: 'Arkiv' }).first().click();
  await expect(page.locator('#main h1')).toHaveText('Arkiv');
  await page.reload();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/outbox-list-[^/]*\.js$/.test(e.name)));

  // With that chunk unreachable now, the worksheet still lists the entry: it needs no fetch.
  await page.route(/\/assets\/outbox-list-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation').getByRole('link', { name: 'Arbejdsseddel' }).first().click();
  await expect(page.locator('#main h1')).toHaveText('Arbejdsseddel');
  await expect(page.getByTestId('outbox-item').filter({ hasText: description })).toBeVisible();
  await expect(page.locator('.toasts')).not.toContainText('Serveren kunne ikke nås');

  // Leave nothing behind for other tests.
  await deleteWaiting(page, description);
});

test('entries waiting whose list could not be fetched: the list comes by itself once its code can be fetched again, with no reload', async ({ page }) => {
  const description = `Unlisted ${Date.now().toString(36)}`;
  await login(page, 'dansk');
  // The list's code, the health check and the send unreachable (a server going away while the form
  // is open): the entry waits, and the list cannot show it.
  const unreachable = /\/assets\/outbox-list-[^/]*\.js$|\/healthz$/;
  await page.route(unreachable, (route) => route.abort('connectionrefused'));
  await queueEntry(page, description);
  await expect(page.locator('.toasts')).toContainText('Serveren kunne ikke nås');
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);

  // The code can be fetched again: nobody touches anything, the entry shows (it used to need a reload).
  await page.unroute(unreachable);
  const item = page.getByTestId('outbox-item').filter({ hasText: description });
  await expect(item).toBeVisible({ timeout: 15_000 });

  await deleteWaiting(page, description);
});
