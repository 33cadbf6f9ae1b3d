import { expect, test, type APIRequestContext } from '@playwright/test';
import { addWeeks, weekDays, weekNumber, weekOf } from '../../src/shared/week';
import { apiLogin, axeBuilder, screenshot, signIn } from './helpers';

/*
 * Issue 40 §2 end to end, in account SUBMIT (start-server.ts: "Workers submit their weeks" on,
 * so no other spec sees the setting): the worker (Danish, 375 px) is reminded of last week, opens
 * it and submits it; the team leader (Danish, 1366 px) filters Submitted and sends one entry back
 * with a reason; the worker sees it, fixes it and resubmits; the team leader (English, 1024 px)
 * approves the week.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);
const DESC_A = `SW mandag ${stamp}`;
const DESC_B = `SW tirsdag ${stamp}`;
const REASON = 'Forkert opgave, skal være 200';
const week = addWeeks(weekOf(new Date().toISOString().slice(0, 10)), -1);
const n = String(weekNumber(week));
const days = weekDays(week);
let baseURL: string;
let idA = 0;

async function entry(worker: APIRequestContext, date: string, description: string): Promise<number> {
  const res = await worker.post('/api/worksheet', {
    data: { date, customerNo: 'C3000', jobCode: 'J-3001', unitType: 'Item', unitNo: '1300', description, quantity: '2', unitOfMeasureCode: 'BAG' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  const worker = await apiLogin(baseURL, 'sw-worker');
  idA = await entry(worker, days[0]!, DESC_A);
  await entry(worker, days[1]!, DESC_B);
  await worker.dispose();
});

test('the worker is reminded of last week and submits it (Danish, 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'sw-worker', '/');
  const reminder = page.locator('.ws-remind');
  await expect(reminder).toContainText(`Uge ${n} er ikke indsendt`);
  await screenshot(page, 'submit-reminder-375-da');
  // Taps: 1 the reminder's week, 1 "Indsend uge", 1 the confirmation's "Indsend uge".
  await reminder.getByRole('link', { name: `uge ${n}` }).click();
  await expect(page).toHaveURL(new RegExp(`view=week.*week=${week}`));
  const line = page.locator('.wk-submit');
  await expect(line).toContainText(`Uge ${n} er ikke indsendt`);
  await line.getByRole('button', { name: 'Indsend uge' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Indsend uge ${n}?`);
  await screenshot(page, 'submit-confirm-375-da');
  await dialog.getByRole('button', { name: 'Indsend uge' }).click();
  await expect(line).toContainText(`Uge ${n} er indsendt`);
  await expect(line).toContainText('af sw-worker');
  await expect(line.getByRole('button')).toHaveCount(0);
  await screenshot(page, 'submit-done-375-da');
  // Locked for the worker: an edit is refused naming the week.
  const worker = await apiLogin(baseURL, 'sw-worker');
  const res = await worker.delete('/api/worksheet', { data: { id: idA } });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { code: string }).code).toBe('WEEK_SUBMITTED');
  await worker.dispose();
  // The home page no longer reminds of it.
  await page.goto('/');
  await expect(page.locator('#main h1').first()).toBeVisible();
  await expect(page.locator('.ws-remind')).toHaveCount(0);
});

test('the team leader filters Submitted and sends one entry back with a reason (Danish, 1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'sw-leder', '/?mode=TEAM');
  await page.getByRole('combobox', { name: /^Indsendelse/ }).selectOption('submitted');
  await expect(page).toHaveURL(/submission=submitted/);
  await expect(page.getByRole('button', { name: /Indsendelse: Indsendt/ })).toBeVisible();
  const row = page.locator('[data-entry-id]').filter({ hasText: DESC_A });
  await expect(row).toBeVisible();
  await expect(page.locator('[data-entry-id]').filter({ hasText: DESC_B })).toBeVisible();
  await screenshot(page, 'submit-filter-1366-da');
  await row.getByRole('button', { name: `Send tilbage: ${DESC_A}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Send tilbage til sw-worker' });
  await dialog.getByLabel('Begrundelse').fill(REASON);
  await dialog.getByRole('button', { name: 'Send tilbage', exact: true }).click();
  await expect(page.getByText('Sendt tilbage: 1')).toBeVisible();
  // The week is no longer submitted (sent back): it leaves the Submitted filter.
  await expect(row).toHaveCount(0);
  await screenshot(page, 'submit-returned-1366-da');
});

test('the worker sees it, fixes it and resubmits (Danish, 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'sw-worker', `/?view=week&week=${week}`);
  const line = page.locator('.wk-submit');
  await expect(line).toContainText(`Sendt tilbage: ret og indsend uge ${n} igen`);
  await expect(line).toContainText('1 registrering sendt tilbage');
  expect((await axeBuilder(page).include('.wk-submit').include('.ws-remind').analyze()).violations.map((v) => v.id)).toEqual([]);
  await screenshot(page, 'submit-sent-back-375-da');
  await page.goto('/?status=returned');
  const card = page.locator('[data-entry-id]').filter({ hasText: DESC_A });
  await expect(card).toContainText(`Sendt tilbage af din teamleder: ${REASON}`);
  await card.getByRole('link', { name: `Rediger ${DESC_A}` }).click();
  await expect(page).toHaveURL(/\/worksheet\/edit\//);
  await page.getByLabel('Beskrivelse').fill(`${DESC_A} rettet`);
  await page.getByRole('button', { name: 'Opdater', exact: true }).click();
  await expect(page).not.toHaveURL(/\/worksheet\/edit\//);
  await page.goto(`/?view=week&week=${week}`);
  await expect(line).toContainText(`Sendt tilbage: ret og indsend uge ${n} igen`);
  await line.getByRole('button', { name: 'Indsend uge igen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Indsend uge igen' }).click();
  await expect(line).toContainText(`Uge ${n} er indsendt`);
  await screenshot(page, 'submit-resubmitted-375-da');
});

test('the team leader approves the submitted week (English, 1024 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'sw-lead', `/?view=week&week=${week}&user=sw-worker`);
  const line = page.locator('.wk-submit');
  await expect(line).toContainText(`Week ${n} is submitted`);
  expect((await axeBuilder(page).include('.wk-submit').analyze()).violations.map((v) => v.id)).toEqual([]);
  await screenshot(page, 'submit-approve-1024-en');
  // Clicks: 1 "Approve week", 1 the confirmation's "Approve week".
  await line.getByRole('button', { name: /^Approve week/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Approve all 2 open entries of sw-worker in week ${n}?`);
  await dialog.getByRole('button', { name: 'Approve week' }).click();
  await expect(page.getByText('2 entries approved')).toBeVisible();
  await expect(line).toContainText(`Week ${n} is submitted and approved`);
  await screenshot(page, 'submit-approved-1024-en');
});

test('the setting on the account page (English, 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'sw-admin', '/admin/account');
  const box = page.getByRole('checkbox', { name: 'Workers submit their weeks' });
  await expect(box).toBeChecked();
  await box.scrollIntoViewIfNeeded();
  await screenshot(page, 'submit-setting-375-en');
});
