import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, PASSWORD, screenshot, VIEWPORTS, pick } from './helpers';

/*
 * Issue 10 §6 and §8 in the browser: the entry form keeps a draft, so a session that ends during
 * Create (or the idle logout) loses nothing for the same user and shows nothing to another; and a
 * work type's unit of measure that the chosen unit lacks is explained, never locked.
 */

const stamp = Date.now().toString(36);

/** The login form, without the helper's wait for the worksheet home. */
async function logInAgain(page: Page, username: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

/** Waits until the form's draft is in sessionStorage with this description. */
async function draftSaved(page: Page, description: string) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(sessionStorage)
          .filter((k) => k.startsWith('webtid:ws-draft:'))
          .map((k) => sessionStorage.getItem(k) ?? '')
          .join('\n'),
      ),
    )
    .toContain(description);
}

test('a session that ends during Create: log in again and the typed entry is back', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'basic');
  const form = page.locator('form.ws-form');
  await pick(page, 'Job', 'J-1002', /J-1002/);
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
  await form.getByText('Item', { exact: true }).click();
  await pick(page, 'Unit', '1000', /1000/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BOX/);
  const description = `Draft after 401 ${stamp}`;
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Quantity').fill('3,5');
  await form.getByRole('button', { name: /Attachments \(0\)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Attachments' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The session ends on the server's side (the cookie is gone); Create answers 401.
  await context.clearCookies();
  await form
    .getByRole('button', { name: 'Create', exact: true })
    .click({ timeout: 5000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-reason')).toHaveText('Your session has ended. Log in again to continue.');

  await logInAgain(page, 'basic');
  await expect(page).toHaveURL(/\/$/);
  const restored = page.locator('form.ws-form');
  await expect(restored.getByTestId('ws-draft-restored')).toHaveText('Your unsent entry was restored. Your photos were not kept; add them again.');
  await expect(restored.getByLabel('Description')).toHaveValue(description);
  await expect(restored.getByLabel('Quantity')).toHaveValue('3.50');
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue(/1000/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BOX/);
  await expect(page.getByRole('combobox', { name: 'Job', exact: true })).toHaveValue(/J-1002/);
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(/C1000/);
  await expect(restored.getByRole('button', { name: /Attachments \(0\)/ })).toBeVisible();
  await screenshot(page, 'worksheet-draft-restored-1366-en');

  // Sent now: the draft is gone, and the form starts over.
  await restored.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Record successfully created')).toBeVisible();
  await expect(restored.getByTestId('ws-draft-restored')).toHaveCount(0);
  await expect(restored.getByLabel('Description')).not.toHaveValue(description);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('webtid:ws-draft:')))).toEqual([]);
});

test('another user logging in on the same tab never sees the draft', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'basic');
  const description = `Not for others ${stamp}`;
  await expect(page.locator('form.ws-form').getByLabel('Description')).toHaveValue(/\S/);
  await page.locator('form.ws-form').getByLabel('Description').fill(description);
  await draftSaved(page, description);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);

  await logInAgain(page, 'other');
  await expect(page).toHaveURL(/\/$/);
  const form = page.locator('form.ws-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('ws-draft-restored')).toHaveCount(0);
  await expect(form.getByLabel('Description')).not.toHaveValue(description);
  const stored = await page.evaluate(() =>
    Object.keys(sessionStorage)
      .map((k) => sessionStorage.getItem(k) ?? '')
      .join('\n'),
  );
  expect(stored).not.toContain(description);
});

test('the idle logout on /worksheet/add: the same user returns to the form with the draft', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize(VIEWPORTS.phone);
  await login(page, 'basic');
  await page.getByRole('link', { name: 'Add entry' }).click();
  await expect(page).toHaveURL(/\/worksheet\/add$/);
  // The default resource's description is prefilled once its look-up answers; typing waits for
  // it, as fill() between its select-all and its typing would otherwise append to it.
  await expect(page.getByLabel('Description')).toHaveValue(/\S/);
  const description = `Idle draft ${stamp}`;
  await page.getByLabel('Description').fill(description);
  await page.clock.fastForward(1000);
  await draftSaved(page, description);

  await page.clock.fastForward('10:01');
  await expect(page.getByRole('alert').filter({ hasText: "You've been idle for too long and have been logged out." })).toBeVisible();
  await page.clock.fastForward(3500);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-reason')).toContainText('10 minutes without activity');

  await logInAgain(page, 'basic');
  await expect(page).toHaveURL(/\/worksheet\/add$/);
  await expect(page.getByTestId('ws-draft-restored')).toHaveText('Your unsent entry was restored.');
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await screenshot(page, 'worksheet-draft-restored-375-en');

  // Reset drops it: a later visit starts empty.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Description')).not.toHaveValue(description);
  await expect(page.getByTestId('ws-draft-restored')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('webtid:ws-draft:')))).toEqual([]);
});

test("a work type's unit of measure that the item lacks is explained, not locked (issue 10 §8)", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'admin');
  const form = page.locator('form.ws-form');
  const uom = page.getByRole('combobox', { name: 'Unit of measure' });
  const conflict = 'Work type NORMAL requires HOUR, which item 1000 does not have. Choose another work type or unit.';

  // Item 1000 has only BOX; then NORMAL (HOUR): BOX stays, the field stays free and says why.
  await form.getByText('Item', { exact: true }).click();
  await pick(page, 'Unit', '1000', /1000/);
  await expect(uom).toHaveValue(/BOX/);
  await pick(page, 'Work type', 'NORMAL', /NORMAL/);
  await expect(uom).toHaveValue(/BOX/);
  await expect(uom).toBeEnabled();
  await expect(form.getByText(conflict)).toBeVisible();
  await screenshot(page, 'worksheet-uom-conflict-1366-en');

  // Another work type without a unit of measure: no conflict.
  await pick(page, 'Work type', 'DRIVE', /DRIVE/);
  await expect(form.getByText(conflict)).toHaveCount(0);
  await expect(uom).toBeEnabled();

  // NORMAL first, then the item: the unit is the last choice, so the work type that does not fit
  // it is cleared (issue 22 §1, decision 0205) — the unit's own PCS, free, no conflict left.
  await pick(page, 'Work type', 'NORMAL', /NORMAL/);
  await pick(page, 'Unit', '1100', /1100/);
  await expect(uom).toHaveValue(/PCS/);
  await expect(uom).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Work type' })).toHaveValue('');
  await expect(form.getByText(/Work type NORMAL requires HOUR/)).toHaveCount(0);

  // A resource that has HOUR: forced and locked, as spec §4 says.
  await form.getByText('Resource', { exact: true }).click();
  await pick(page, 'Unit', 'VAN', /VAN/);
  await pick(page, 'Work type', 'NORMAL', /NORMAL/);
  await expect(uom).toHaveValue(/HOUR/);
  await expect(uom).toBeDisabled();
  await expect(form.getByText('Set by the work type: HOUR')).toBeVisible();
});

test('Danish: the conflict and the restored draft speak Danish', async ({ page, context }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'dansk');
  const form = page.locator('form.ws-form');
  await form.getByText('Vare', { exact: true }).click();
  await pick(page, 'Vare/ressource', '1000', /1000/);
  await pick(page, 'Arbejdstype', 'NORMAL', /NORMAL/);
  await expect(form.getByText('Arbejdstypen NORMAL kræver HOUR, som varen 1000 ikke har. Vælg en anden arbejdstype eller enhed.')).toBeVisible();
  const description = `Kladde ${stamp}`;
  await form.getByLabel('Beskrivelse').fill(description);
  await draftSaved(page, description);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await logInAgain(page, 'dansk');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('ws-draft-restored')).toHaveText('Din ikke-afsendte registrering er gendannet.');
  await expect(page.locator('form.ws-form').getByLabel('Beskrivelse')).toHaveValue(description);
});

/** The admin at 1366 px starts an item entry on J-3001 in the home page's form. */
async function startItemEntry(page: Page) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'admin');
  const form = page.locator('form.ws-form');
  await form.getByText('Item', { exact: true }).click();
  await pick(page, 'Job', 'J-3001', /J-3001/);
  return form;
}

/**
 * The chosen item's lookup (its units of measure) is held, as a busy server or a slow line holds it,
 * and item 1300 is chosen, described and given a quantity; the returned function lets the lookup go.
 */
async function itemWithLookupHeld(page: Page, form: Locator, description: string): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trpc\/[^?]*unit\.search/, async (route) => {
    await held;
    await route.continue();
  });
  await pick(page, 'Unit', '1300', /1300/);
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Quantity').fill('2');
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue('');
  return release;
}

test("Create pressed while the item's unit of measure is on its way: it waits for it and creates, no refusal", async ({ page }) => {
  const form = await startItemEntry(page);
  const description = `Slow unit ${stamp}`;
  const release = await itemWithLookupHeld(page, form, description);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByRole('button', { name: 'Create', exact: true })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByText('Record successfully created')).toBeVisible();
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.locator('[data-entry-id]').filter({ hasText: description })).toContainText(/bag/i);
});

test('a lookup that never answers does not hold Create for ever: after a few seconds the form checks itself', async ({ page }) => {
  const form = await startItemEntry(page);
  const release = await itemWithLookupHeld(page, form, `Hung unit ${stamp}`);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form.getByRole('button', { name: 'Create', exact: true })).toHaveAttribute('aria-busy', 'true');
  // The form's own check: Unit of measure is empty, so it is refused there and the button is free again.
  await expect(form.getByRole('combobox', { name: 'Unit of measure' })).toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 });
  await expect(form.getByRole('button', { name: 'Create', exact: true })).not.toHaveAttribute('aria-busy', 'true');
  release();
});

test('an edit keeps its draft across a reload; Cancel drops it', async ({ page }) => {
  const form = await startItemEntry(page);
  const original = `Edit draft ${stamp}`;
  await pick(page, 'Unit', '1300', /1300/);
  // As a user sees it: the item's unit of measure is filled in before Create (under load it came
  // after the click, and the form refused at Unit of measure).
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BAG/);
  await form.getByLabel('Description').fill(original);
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Record successfully created')).toBeVisible();

  await page
    .locator('[data-entry-id]')
    .filter({ hasText: original })
    .getByRole('link', { name: `Edit ${original}` })
    .click();
  await expect(page).toHaveURL(/\/worksheet\/edit\/\d+$/);
  const edit = page.locator('form.ws-form');
  await expect(edit.getByLabel('Description')).toHaveValue(original);
  await expect(edit.getByTestId('ws-draft-restored')).toHaveCount(0);
  await edit.getByLabel('Description').fill(`${original} (changed)`);
  await draftSaved(page, `${original} (changed)`);
  await page.reload();
  await expect(edit.getByTestId('ws-draft-restored')).toHaveText('Your unsent entry was restored.');
  await expect(edit.getByLabel('Description')).toHaveValue(`${original} (changed)`);

  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await page
    .locator('[data-entry-id]')
    .filter({ hasText: original })
    .getByRole('link', { name: `Edit ${original}` })
    .click();
  await expect(page).toHaveURL(/\/worksheet\/edit\/\d+$/);
  await expect(page.locator('form.ws-form').getByLabel('Description')).toHaveValue(original);
  await expect(page.getByTestId('ws-draft-restored')).toHaveCount(0);
});
