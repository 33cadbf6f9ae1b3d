import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import config from '../../playwright.config';
import { apiLogin, PASSWORD, screenshot, VIEWPORTS, pick } from './helpers';
import { readyForOffline } from './offline-helpers';

/*
 * Issue 14 §3–§7, the outbox (decision 0155), in real Chromium at 375 px against the real server:
 * entries created with the connection gone wait on the device, can be edited and deleted, and
 * reach the server exactly once when it returns; a send whose answer was lost is not repeated; a
 * refusal is shown and can be fixed; logging out asks first; the outbox survives a restart.
 * The first test reloads the app while offline: the shell comes from the service worker and the
 * pickers from the device copy of the master data (decision 0150).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const stamp = Date.now().toString(36);
const user = `ob${stamp}`.slice(0, 20);
const otherUser = `ob2${stamp}`.slice(0, 20);
const danishUser = `obda${stamp}`.slice(0, 20);
const refusedJob = `OB-${stamp}`.toUpperCase().slice(0, 20);
let baseURL: string;
let png: Buffer;

interface Entry {
  id: number;
  description: string;
  attachments: { id: number; fileName?: string }[];
}

/** The user's entries on the server whose description contains `text`. */
async function serverEntries(username: string, text: string): Promise<Entry[]> {
  const api = await apiLogin(baseURL, username);
  const res = await api.get('/api/worksheet?mode=YOURS&limit=1000');
  expect(res.status()).toBe(200);
  const groups = (await res.json()) as { worksheet: Entry[] }[];
  await api.dispose();
  return groups.flatMap((g) => g.worksheet).filter((e) => e.description.includes(text));
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d97706' } })
    .png()
    .toBuffer();
  const admin = await apiLogin(baseURL, 'admin');
  for (const username of [user, otherUser, danishUser]) {
    const languageCode = username === danishUser ? 'DAN' : 'ENU';
    const res = await admin.post('/api/user', {
      data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Basic', teamCode: 'A', defaultResource: 'R03', lockDefaultResource: true, languageCode },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const job = await admin.post('/api/job', { data: { code: refusedJob, description: 'Outbox refusal job', billToCustomerNo: 'C1000', teamCode: 'A' } });
  expect(job.status(), await job.text()).toBe(201);
  await admin.dispose();
});

async function login(page: Page, username: string) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#main h1')).toBeVisible();
}

/** Opens /worksheet/add online and chooses job (and task), so that the form's lists are loaded before the network goes. */
async function openForm(page: Page, job = 'J-1001') {
  await page.getByRole('link', { name: 'Add entry' }).click();
  await expect(page).toHaveURL(/\/worksheet\/add$/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/HOUR/);
  await pick(page, 'Job', job, new RegExp(job));
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
  if (job === 'J-1001') await pick(page, 'Task', 'Demol', /100/);
}

async function fill(page: Page, description: string, from: string, to: string) {
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Time from').fill(from);
  await page.getByLabel('Time to').fill(to);
  await page.getByLabel('Time to').blur();
}

const queuedToast = 'Saved on this device; it will be sent when the connection returns';
const outboxItem = (page: Page, text: string) => page.getByTestId('outbox-item').filter({ hasText: text });

test('offline: three entries queued, one edited, one deleted; back online exactly two reach the server, photo intact', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await readyForOffline(page, user);
  // No network from here: the app is loaded again from the service worker, the form's lists
  // from the copy on the device.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await openForm(page);

  await fill(page, `Alpha ${stamp}`, '07:00', '08:00');
  await page.getByRole('button', { name: /Attachments \(0\)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Attachments' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: png });
  await expect(dialog).toContainText('site.png');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Create & New' }).click();
  await expect(page.getByText(queuedToast).first()).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await fill(page, `Bravo ${stamp}`, '08:00', '09:00');
  await page.getByRole('button', { name: 'Create & New' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('2');
  await fill(page, `Charlie ${stamp}`, '09:00', '10:00');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('outbox-count')).toHaveText('3');

  // The waiting entries are in the Yours list at once, marked, in order.
  const items = page.getByTestId('outbox-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(`Alpha ${stamp}`);
  await expect(items.nth(0)).toContainText('Waiting to send');
  await expect(items.nth(0)).toContainText('Photos: 1');
  await expect(page.getByRole('button', { name: 'Send now' })).toBeDisabled();

  // Edit one while waiting: the form opens prefilled from the outbox.
  await outboxItem(page, `Bravo ${stamp}`).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit waiting entry' });
  await expect(edit.getByLabel('Description')).toHaveValue(`Bravo ${stamp}`);
  await expect(edit.getByLabel('Time from')).toHaveValue('08:00');
  await edit.getByLabel('Description').fill(`Bravo edited ${stamp}`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(outboxItem(page, `Bravo edited ${stamp}`)).toBeVisible();

  // Delete one while waiting, after a question.
  await outboxItem(page, `Charlie ${stamp}`).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('outbox-count')).toHaveText('2');
  // The server's list can't load offline: a calm note instead of an error, the waiting list above.
  await expect(page.getByText('Your entries on the server show here when the connection returns.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toHaveCount(0);
  await screenshot(page, 'outbox-waiting-375-en');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Back online: sent in order, once each.
  await context.setOffline(false);
  await expect(page.getByText('2 entries sent')).toBeVisible();
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  const entries = await serverEntries(user, stamp);
  expect(entries.map((e) => e.description).sort()).toEqual([`Alpha ${stamp}`, `Bravo edited ${stamp}`]);
  const alpha = entries.find((e) => e.description === `Alpha ${stamp}`)!;
  expect(alpha.attachments).toHaveLength(1);
  const api = await apiLogin(baseURL, user);
  const photo = await api.get(`/api/attachment/${alpha.id}/${alpha.attachments[0]!.id}`);
  expect(photo.status()).toBe(200);
  expect(Buffer.compare(await photo.body(), png)).toBe(0);
  await api.dispose();
  // The list shows them as ordinary entries now.
  await expect(page.locator('[data-entry-id]').filter({ hasText: `Alpha ${stamp}` })).toBeVisible();
});

test('a create whose answer is lost after the server committed is not created twice', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await openForm(page);
  const description = `Lost answer ${stamp}`;
  await fill(page, description, '10:00', '11:00');
  // The first POST reaches the server and commits; its answer is dropped on the way back.
  let first = true;
  await page.route('**/api/worksheet', async (route) => {
    if (route.request().method() !== 'POST' || !first) return route.fallback();
    first = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  // The retry (the aborted try has no response) carries the same key: the server replays its answer.
  // It comes from the service worker's Background Sync, which Chromium fires at once when online
  // (or from the tab, on focus); the context sees both, and the tab tells the user either way.
  const replay = context.waitForEvent('response', (r) => r.url().endsWith('/api/worksheet') && r.request().method() === 'POST' && r.headers()['idempotent-replayed'] === 'true');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(queuedToast).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const res = await replay;
  expect(res.status()).toBe(201);
  await expect(page.getByText('1 entry sent')).toBeVisible();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect(await serverEntries(user, description)).toHaveLength(1);
});

test('a refused entry (its job deactivated meanwhile) shows why, and can be fixed and sent', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await openForm(page, refusedJob);
  await context.setOffline(true);
  const description = `Refused ${stamp}`;
  await fill(page, description, '11:00', '12:00');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(outboxItem(page, description)).toContainText('Waiting to send');

  // Meanwhile an admin deactivates the job.
  const admin = await apiLogin(baseURL, 'admin');
  const job = (await (await admin.get(`/api/job/single?code=${refusedJob}`)).json()) as { version: number };
  const off = await admin.put('/api/job', {
    data: { code: refusedJob, description: 'Outbox refusal job', billToCustomerNo: 'C1000', teamCode: 'A', active: false, version: job.version },
  });
  expect(off.status(), await off.text()).toBe(200);
  await admin.dispose();

  await context.setOffline(false);
  const item = outboxItem(page, description);
  await expect(item).toContainText('Not accepted');
  await expect(item.getByRole('alert')).toContainText(refusedJob);
  await expect(page.locator('.toasts')).toContainText('One entry was not accepted by the server. Open it to fix or discard it.');
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  await screenshot(page, 'outbox-refused-375-en');
  expect(await serverEntries(user, description)).toHaveLength(0);

  // Fix: another job, and send.
  await item.getByRole('button', { name: 'Fix and send' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit waiting entry' });
  await expect(edit.getByRole('alert').first()).toBeVisible();
  await pick(page, 'Job', 'J-1001', /J-1001/);
  await pick(page, 'Task', 'Demol', /100/);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  const sent = await serverEntries(user, description);
  expect(sent).toHaveLength(1);
});

test('logging out with entries waiting asks first; they stay for that user only and are sent at the next login', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await openForm(page);
  await context.setOffline(true);
  const description = `Kept ${stamp}`;
  await fill(page, description, '12:00', '13:00');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Entries not sent' });
  await expect(ask).toContainText('One entry has not been sent yet');
  await screenshot(page, 'outbox-logout-375-en');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // Online again the entry would be sent at once, by the tab or by the service worker's Background
  // Sync; the server stays out of reach for both (context.route also sees the worker's requests)
  // while the user logs out.
  await context.route('**/api/worksheet', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.unroute('**/api/worksheet');

  // Another user on the same phone: sees nothing of it, and nothing is sent under their login.
  await login(page, otherUser);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect(await serverEntries(otherUser, description)).toHaveLength(0);
  expect(await serverEntries(user, description)).toHaveLength(0);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);

  // The same user again: the outbox continues.
  await login(page, user);
  await expect(page.getByText('1 entry sent')).toBeVisible();
  expect(await serverEntries(user, description)).toHaveLength(1);
});

/** The Background Sync tags the page registered with the service worker. */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return registration.sync ? registration.sync.getTags() : ['no Background Sync'];
  });

/**
 * Fires the outbox's `sync` event in the service worker, as Chromium does when the connection is
 * back (DevTools' ServiceWorker.dispatchSyncEvent), from a blank page: no app code runs there.
 */
async function fireBackgroundSync(context: BrowserContext): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const origin = new URL(baseURL).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag: 'webtid-outbox', lastChance: false });
  await blank.close();
}

test('Background Sync: the service worker sends the waiting entries with the app closed, exactly once', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await readyForOffline(page, user);
  await openForm(page);
  await context.setOffline(true);
  const description = `Background ${stamp}`;
  await fill(page, description, '14:00', '15:00');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  // Queuing asked the browser to wake the worker when the connection is back.
  expect(await syncTags(page)).toContain('webtid-outbox');

  // The worker closes the app and walks out of the basement: no tab of the app is open.
  await page.close();
  await context.setOffline(false);
  await fireBackgroundSync(context);
  await expect.poll(() => serverEntries(user, description).then((e) => e.length), { timeout: 30_000 }).toBe(1);

  // The app opened later: nothing waits, the entry is an ordinary one, and a second sync sends nothing again.
  const again = await context.newPage();
  await again.setViewportSize(VIEWPORTS.phone);
  await again.goto('/');
  await expect(again.locator('[data-entry-id]').filter({ hasText: description })).toBeVisible();
  await expect(again.getByTestId('outbox-count')).toHaveCount(0);
  await fireBackgroundSync(context);
  expect(await serverEntries(user, description)).toHaveLength(1);
});

test('Background Sync with the app open: the tab shows what the service worker sent', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, user);
  await readyForOffline(page, user);
  await openForm(page);
  await context.setOffline(true);
  const description = `Worker sent ${stamp} ${test.info().repeatEachIndex}`; // unique under --repeat-each
  await fill(page, description, '15:00', '16:00');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(outboxItem(page, description)).toContainText('Waiting to send');
  // Back online, every send fails while we look — the tab's and the service worker's. Only the
  // tab's (page.route) did before, and the test failed once in a full run with "Sending…": the
  // tab's failed round asks for a Background Sync (register-sw.ts requestOutboxSync), which
  // Chromium, really online, runs at once; the worker's request passes page.route, so the worker
  // could be sending the entry (slowly, on a busy machine) when "Waiting to send" was expected.
  // That is the app working as meant (the worker takes over a send the tab could not finish); the
  // test must hold the worker back itself. context.route sees the worker's requests too.
  const failPosts = (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback());
  await context.route('**/api/worksheet', failPosts);
  await context.setOffline(false);
  await expect(outboxItem(page, description)).toContainText('Waiting to send');
  // From here only the tab's own sends fail (page.route sees the tab's requests, not the worker's).
  await page.route('**/api/worksheet', failPosts);
  await context.unroute('**/api/worksheet', failPosts);

  await fireBackgroundSync(context);
  await expect(page.getByText('1 entry sent')).toBeVisible();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  await expect(page.locator('[data-entry-id]').filter({ hasText: description })).toBeVisible();
  expect(await serverEntries(user, description)).toHaveLength(1);
});

test('Danish: the waiting list, its count, the offline banner and the logout question', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, danishUser);
  await readyForOffline(page, danishUser);
  await page.getByRole('link', { name: 'Tilføj registrering' }).click();
  await expect(page.getByRole('combobox', { name: 'Enhed', exact: true })).toHaveValue(/HOUR/);
  await pick(page, 'Sag', 'J-1001', /J-1001/);
  await pick(page, 'Opgave', 'Demol', /100/);
  await context.setOffline(true);
  const description = `Dansk ${stamp}`;
  await page.getByLabel('Beskrivelse').fill(description);
  await page.getByRole('textbox', { name: 'Fra', exact: true }).fill('16:00');
  await page.getByRole('textbox', { name: 'Til', exact: true }).fill('17:00');
  await page.getByRole('textbox', { name: 'Til', exact: true }).blur();
  await page.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('offline-banner')).toContainText('Du er offline');
  await expect(outboxItem(page, description)).toContainText('Venter på at blive sendt');
  // The entry's date as Danish users read it (e.g. "24. nov. 2026"), not the ISO form.
  await expect(outboxItem(page, description).locator('.outbox-item__date')).toHaveText(/^\d{1,2}\. [a-zæøå]+\.? \d{4}$/);
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Send nu' })).toBeDisabled();
  // Nothing on the server yet: the empty list says so without denying the waiting entry above it.
  await expect(page.getByText('Ingen registreringer på serveren endnu. De ventende vises her, når de er sendt.')).toBeVisible();
  await screenshot(page, 'outbox-waiting-375-da');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Log ud' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Registreringer ikke sendt' });
  await expect(ask).toContainText('Én registrering er endnu ikke sendt');
  await screenshot(page, 'outbox-logout-375-da');
  await ask.getByRole('button', { name: 'Annuller' }).click();

  await context.setOffline(false);
  await expect.poll(() => serverEntries(danishUser, description).then((e) => e.length), { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
});

test('a phone with no network: the app opens, three entries with photos wait, the browser closes; reopened online they reach the server once each', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'webtid-outbox-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(dir, {
      executablePath: config.use?.launchOptions?.executablePath,
      args: config.use?.launchOptions?.args,
      baseURL,
      viewport: VIEWPORTS.phone,
      locale: 'en-GB',
    });
  const descriptions = ['one', 'two', 'three'].map((n) => `Restart ${n} ${stamp}`);
  const photos = await Promise.all(
    ['#0f766e', '#7c3aed', '#b91c1c'].map((background) =>
      sharp({ create: { width: 32, height: 24, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  try {
    // Earlier, with a connection: the worker logged in once (the service worker and the master
    // data copy are on the phone since), and closed the browser.
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await login(page, user);
    await readyForOffline(page, user);
    await context.close();

    // On site, no network: the browser starts, the app opens from the service worker.
    context = await launch();
    await context.setOffline(true);
    // Playwright's offline mode does not reach the service worker's own requests, so its
    // Background Sync would send at once; on a phone without signal those fail too.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.getByRole('link', { name: 'Add entry' }).click();
    await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/HOUR/);
    await pick(page, 'Job', 'J-1001', /J-1001/);
    await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
    for (const [i, description] of descriptions.entries()) {
      if (i > 0) await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
      await fill(page, description, `1${i}:00`, `1${i}:30`);
      await page.getByRole('button', { name: /Attachments \(0\)/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Attachments' });
      await dialog.locator('input[type="file"]').setInputFiles({ name: `site-${i}.png`, mimeType: 'image/png', buffer: photos[i]! });
      await expect(dialog).toContainText(`site-${i}.png`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: i < 2 ? 'Create & New' : 'Create', exact: true }).click();
      await expect(page.getByTestId('outbox-count')).toHaveText(String(i + 1));
    }
    await expect(page.getByTestId('outbox-item')).toHaveCount(3);
    await context.close();
    for (const description of descriptions) expect(await serverEntries(user, description)).toHaveLength(0);

    // Later, with a connection: the browser starts again; each entry reaches the server once.
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    if (/\/login/.test(page.url())) await login(page, user);
    // Sent by the tab at start, or already by the service worker's Background Sync, which
    // Chromium fires when it starts online with a sync pending.
    await expect.poll(() => serverEntries(user, `Restart`).then((e) => e.length), { timeout: 30_000 }).toBe(3);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    const api = await apiLogin(baseURL, user);
    for (const [i, description] of descriptions.entries()) {
      const [entry, ...more] = await serverEntries(user, description);
      expect(more).toHaveLength(0);
      expect(entry!.attachments).toHaveLength(1);
      const photo = await api.get(`/api/attachment/${entry!.id}/${entry!.attachments[0]!.id}`);
      expect(Buffer.compare(await photo.body(), photos[i]!)).toBe(0);
      await expect(page.locator('[data-entry-id]').filter({ hasText: description })).toBeVisible();
    }
    await api.dispose();
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
