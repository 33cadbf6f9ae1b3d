import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { login, pick, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * Issue 4 end to end: a field worker logs a day's time with a photo on a phone; a team leader
 * approves it on a desk from the Team tab and sees it locked; the edit history shows a change;
 * the form speaks Danish. Runs in order against the e2e server's shared account.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const photoDescription = `Kitchen demolition ${stamp}`;
const editDescription = `Roof check ${stamp}`;

async function pngFixture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7fba' } })
    .png()
    .toBuffer();
}

function entryRow(page: Page, description: string) {
  return page.locator('[data-entry-id]').filter({ hasText: description });
}

test('phone: a field worker logs a resource entry in time mode with a photo', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  // Phones have no inline form: a button leads to /worksheet/add.
  await expect(page.locator('form.ws-form')).toHaveCount(0);
  await page.getByRole('link', { name: 'Add entry' }).click();
  await expect(page).toHaveURL(/\/worksheet\/add$/);

  // The basic user's default resource R03 is preset; its unit of measure is the only one.
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue(/R03/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/HOUR/);

  // Choosing the job fills its bill-to customer (the single remaining option).
  await pick(page, 'Job', '1001', /J-1001/);
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
  await pick(page, 'Task', 'Demol', /100/);
  await page.getByLabel('Description').fill(photoDescription);

  // Time mode: times round up to 15 minutes; the quantity is computed and read-only.
  await page.getByLabel('Time from').fill('07:05');
  await page.getByLabel('Time to').fill('15:30');
  await page.getByLabel('Time to').blur();
  await expect(page.getByLabel('Time from')).toHaveValue('07:15');
  await expect(page.getByLabel('Quantity')).toHaveValue('8.25');
  await expect(page.getByLabel('Quantity')).toHaveAttribute('readonly', '');

  // A photo through the attachment modal.
  await page.getByRole('button', { name: /Attachments \(0\)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Attachments' });
  await expect(dialog).toContainText('New photos are uploaded when you submit the entry.');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: await pngFixture() });
  await expect(dialog).toContainText('site.png');
  await screenshot(page, 'worksheet-attachments-375-en');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /Attachments \(1\)/ })).toBeVisible();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Record successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const card = entryRow(page, photoDescription);
  await expect(card).toBeVisible();
  await expect(card).toContainText('8.25');
  await expect(card.getByRole('button', { name: 'Show 1 attachment', exact: true })).toBeVisible();
  await screenshot(page, 'worksheet-home-375-en');

  // The photo is there: its preview loads in the photos popup.
  await card.getByRole('button', { name: 'Show 1 attachment' }).click();
  const preview = page.getByRole('dialog', { name: 'Attachments' }).locator('img');
  await expect(preview).toHaveJSProperty('complete', true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('desk: the team leader approves it from the Team tab and it is locked', async ({ page, browser }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'leader');
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/mode=TEAM/);
  const row = entryRow(page, photoDescription);
  await expect(row).toBeVisible();
  await expect(row).toContainText('basic'); // the user column
  await expect(row.getByRole('link', { name: `Edit ${photoDescription}` })).toBeVisible();

  await row.getByRole('switch').click();
  const ask = page.getByRole('alertdialog', { name: 'Approve entry' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approval status successfully changed!')).toBeVisible();
  await expect(row.getByRole('switch')).toBeChecked();
  // Locked: no edit, no delete.
  await expect(row.getByRole('link', { name: `Edit ${photoDescription}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Delete ${photoDescription}` })).toHaveCount(0);
  await screenshot(page, 'worksheet-team-1366-en');

  // The owner sees it approved and cannot change it either.
  const owner = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await login(owner, 'basic');
  const own = entryRow(owner, photoDescription);
  await expect(own).toContainText('Approved');
  await expect(own.getByRole('link', { name: `Edit ${photoDescription}` })).toHaveCount(0);
  await owner.goto(`/worksheet/edit/${await own.getAttribute('data-entry-id')}`);
  await expect(owner.getByText('The entry is approved and cannot be changed')).toBeVisible();
  await owner.close();
});

test('desk: an edit by the team leader shows in the edit history', async ({ page, browser }) => {
  // The owner logs an item entry on the inline form.
  const owner = await browser.newPage({ viewport: VIEWPORTS.tablet });
  await login(owner, 'basic');
  const form = owner.locator('form.ws-form');
  await expect(form).toBeVisible();
  await form.getByText('Item', { exact: true }).click();
  await pick(owner, 'Job', 'J-1002', /J-1002/);
  await pick(owner, 'Unit', '1000', /1000/);
  await expect(owner.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BOX/);
  await owner.getByLabel('Description').fill(editDescription);
  // English: "1,500" is fifteen hundred; a lone comma with 1–2 decimals is a decimal comma.
  await owner.getByLabel('Quantity').fill('1,500');
  await owner.getByLabel('Quantity').blur();
  await expect(owner.getByLabel('Quantity')).toHaveValue('1,500.00');
  await owner.getByLabel('Quantity').fill('2,5');
  await owner.getByLabel('Quantity').blur();
  await expect(owner.getByLabel('Quantity')).toHaveValue('2.50');
  await owner.getByRole('button', { name: 'Create & New' }).click();
  await expect(owner.getByText('Record successfully created')).toBeVisible();
  // Create & New keeps the context and clears the quantity.
  await expect(owner.getByLabel('Description')).toHaveValue(editDescription);
  await expect(owner.getByLabel('Quantity')).toHaveValue('');
  await expect(entryRow(owner, editDescription)).toHaveCount(1);
  await screenshot(owner, 'worksheet-home-800-en');
  await owner.close();

  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'leader', '/?mode=TEAM');
  const row = entryRow(page, editDescription);
  await row.getByRole('link', { name: `Edit ${editDescription}` }).click();
  await expect(page).toHaveURL(/\/worksheet\/edit\/\d+$/);
  await expect(page.getByLabel('Quantity')).toHaveValue('2.50');
  await page.getByLabel('Quantity').fill('4');
  await page.getByLabel('Description').fill(`${editDescription} (checked)`);
  await screenshot(page, 'worksheet-edit-1366-en');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Record successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  await page.goto('/?mode=TEAM');
  const changed = entryRow(page, `${editDescription} (checked)`);
  await changed.getByRole('button', { name: 'Edit history' }).click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history).toContainText('Created');
  await expect(history).toContainText('Changed');
  await expect(history).toContainText('leader');
  const quantityRow = history.getByRole('row', { name: /Quantity/ });
  await expect(quantityRow).toContainText('2.5');
  await expect(quantityRow).toContainText('4');
  await screenshot(page, 'worksheet-history-1366-en');
});

test('Danish: the form and the worksheet speak Danish', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'dansk');
  await expect(page.locator('#main h1')).toHaveText('Arbejdsseddel');
  const form = page.locator('form.ws-form');
  for (const label of ['Dato', 'Kunde', 'Sag', 'Opgave', 'Lokation', 'Arbejdstype', 'Enhedstype', 'Beskrivelse', 'Fra', 'Til', 'Antal']) {
    await expect(form.locator('.field__label', { hasText: new RegExp(`^${label}`) }).first()).toBeVisible();
  }
  await expect(form.getByText('Ressource', { exact: true })).toBeVisible();
  await expect(form.getByText('Vare', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Opret', exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Opret og ny' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Nulstil' })).toBeVisible();
  await expect(form.getByRole('button', { name: /Vedhæftede filer \(0\)/ })).toBeVisible();

  // A required-field error in Danish.
  await form.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(form.getByText('Feltet skal udfyldes').first()).toBeVisible();

  // Danish numbers: the point groups thousands, the comma is the decimal mark.
  await form.getByText('Vare', { exact: true }).click();
  const antal = form.getByLabel('Antal');
  await antal.fill('1.234,5');
  await antal.blur();
  await expect(antal).toHaveValue('1.234,50');
  await expect(antal).toHaveAttribute('inputmode', 'decimal');
  await antal.fill('1,234');
  await form.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(form.getByText('Feltet må højst have 2 decimaler')).toBeVisible();
  await screenshot(page, 'worksheet-home-1366-da');

  // Reset asks first.
  await form.getByRole('button', { name: 'Nulstil' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Er du sikker på, at du vil nulstille alt?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Annuller' }).click();
});

test('screens: 375, 800 and 1366 px in English and Danish', async ({ page }) => {
  for (const [user, lang] of [
    ['leader', 'en'],
    ['dansk', 'da'],
  ] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await login(page, user);
      if (user === 'leader') await page.goto('/?mode=TEAM');
      await expect(page.locator('.ws-home')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `worksheet-screen-${viewport.width}-${lang}`);
      if (name === 'phone') {
        await page.goto('/worksheet/add');
        await expect(page.locator('form.ws-form')).toBeVisible();
        await screenshot(page, `worksheet-add-${viewport.width}-${lang}`);
      }
      await page.context().clearCookies();
    }
  }
});
