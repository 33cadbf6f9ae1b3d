import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, PASSWORD, screenshot, signIn } from './helpers';

/*
 * Issue 40 §1 and §3 end to end: a team leader (Danish, 1366 px) sends an entry back with a
 * reason; the worker (English, 375 px) sees the badge on the home page and on the entry, fixes it
 * and the status clears; the admin closes October (2019, a month no other spec writes in) and a
 * late edit of an October entry is refused naming the date. The period is reopened afterwards.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);
const RETURN_DESC = `RC return ${stamp}`;
const LATE_DESC = `RC late ${stamp}`;
const REASON = 'Forkert sag, skal være J-1002';
let baseURL: string;
let lateId = 0;

async function entry(worker: APIRequestContext, date: string, description: string): Promise<number> {
  const res = await worker.post('/api/worksheet', {
    data: { date, customerNo: 'C3000', jobCode: 'J-3001', unitType: 'Item', unitNo: '1300', description, quantity: '2', unitOfMeasureCode: 'BAG' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  const admin = await apiLogin(baseURL, 'admin');
  for (const [username, profileType, languageCode] of [
    ['rc-leder', 'Teamleader', 'DAN'],
    ['rc-worker', 'Basic', 'ENU'],
  ] as const) {
    const res = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType, languageCode, teamCode: 'RC' } });
    expect([201, 409], await res.text()).toContain(res.status());
  }
  await admin.dispose();
  const worker = await apiLogin(baseURL, 'rc-worker');
  await entry(worker, '2019-11-04', RETURN_DESC);
  lateId = await entry(worker, '2019-10-21', LATE_DESC);
  await worker.dispose();
});

test.afterAll(async () => {
  const admin = await apiLogin(baseURL, 'admin');
  await admin.put('/api/account/closed-period', { data: { closedUntil: null } });
  await admin.dispose();
});

test('the team leader sends an entry back with a reason (Danish, 1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'rc-leder', '/?mode=TEAM&person=rc-worker');
  const row = page.locator('[data-entry-id]').filter({ hasText: RETURN_DESC });
  await expect(row).toBeVisible();
  // Taps: 1 the row's "Send tilbage", the reason typed (focus starts in it), 1 "Send tilbage".
  await row.getByRole('button', { name: `Send tilbage: ${RETURN_DESC}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Send tilbage til rc-worker' });
  await expect(dialog).toBeVisible();
  // Without a reason: refused in place, nothing sent.
  await dialog.getByRole('button', { name: 'Send tilbage', exact: true }).click();
  await expect(dialog.getByText('Skriv hvorfor registreringen sendes tilbage')).toBeVisible();
  await expect(dialog.getByLabel('Begrundelse')).toBeFocused();
  await page.keyboard.type(REASON);
  await screenshot(page, 'return-dialog-1366-da');
  await dialog.getByRole('button', { name: 'Send tilbage', exact: true }).click();
  await expect(page.getByText('Sendt tilbage: 1')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Sendt tilbage af din teamleder: ${REASON}`);
  await screenshot(page, 'return-sent-1366-da');
});

test('the worker sees the badge, fixes the entry and the status clears (English, 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'rc-worker', '/');
  const badge = page.getByRole('link', { name: /Entries returned to you: 1/ });
  await expect(badge).toBeVisible();
  await screenshot(page, 'return-home-375-en');
  await badge.click();
  await expect(page).toHaveURL(/status=returned/);
  await expect(page.getByText('Status: Returned')).toBeVisible();
  const card = page.locator('[data-entry-id]').filter({ hasText: RETURN_DESC });
  await expect(card).toContainText(`Returned by your team leader: ${REASON}`);
  await screenshot(page, 'return-entry-375-en');
  await card.getByRole('link', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/worksheet\/edit\//);
  await page.getByLabel('Description').fill(`${RETURN_DESC} fixed`);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page).not.toHaveURL(/\/worksheet\/edit\//);
  // Fixed: no longer returned, the badge gone.
  await page.goto('/');
  await expect(page.locator('#main h1').first()).toBeVisible();
  await expect(page.locator('[data-entry-id]').filter({ hasText: `${RETURN_DESC} fixed` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Entries returned to you/ })).toHaveCount(0);
  await expect(page.locator('[data-entry-id]').filter({ hasText: `${RETURN_DESC} fixed` })).not.toContainText('Returned by your team leader');
  await screenshot(page, 'return-fixed-375-en');
});

test('the admin closes October; a late edit is refused naming the date', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'admin', '/admin/account');
  const section = page.getByRole('region', { name: 'Closed period' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Closed period' }) }));
  await section.getByLabel('Close up to and including').fill('2019-10-31');
  await section.getByRole('button', { name: 'Close period' }).click();
  const confirmDialog = page.getByRole('alertdialog');
  await expect(confirmDialog).toContainText('Close the period?');
  await confirmDialog.getByRole('button', { name: 'Close period' }).click();
  await expect(section.getByTestId('closed-until')).toContainText('Closed up to and including');
  await expect(section.getByRole('table')).toContainText('admin');
  await screenshot(page, 'close-period-1366-en');

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await context.newPage();
  await signIn(phone, 'rc-worker', `/worksheet/edit/${lateId}`);
  await phone.getByLabel('Description').fill(`${LATE_DESC} too late`);
  await phone.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(phone.getByText('The period up to 2019-10-31 is closed; entries on or before that date cannot be changed').first()).toBeVisible();
  await screenshot(phone, 'close-late-edit-375-en');
  await context.close();
  const admin = await apiLogin(baseURL, 'admin');
  const stored = await admin.get(`/api/worksheet/${lateId}`);
  expect(((await stored.json()) as { description: string }).description).toBe(LATE_DESC);
  await admin.dispose();
});
