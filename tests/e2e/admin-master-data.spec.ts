import { expect, test, type Page } from '@playwright/test';
import { apiLogin, appOrigin, PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * Admin master data (spec §2, §4, §5, §8; issue 3): the main flow — add, edit, deactivate, delete
 * with confirmation — of items (with units), customers, jobs (with tasks) and locations, at phone
 * and desktop width. The e2e server is shared with other spec files, so every record made here
 * has a code of its own (suffix per viewport) and is deleted again.
 */

// Independent tests, each with records of its own: either worker may take any of them.
test.describe.configure({ mode: 'parallel' });

const toasts = (page: Page) => page.locator('.toasts');
const dialog = (page: Page) => page.getByRole('alertdialog');
/** The list row (table row or card) of a record. */
const row = (page: Page, key: string) => page.locator(`[data-row-key="${key}"]`);

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toasts(page).getByText(text, { exact: true }).last()).toBeVisible();
}

/** Answers the delete question: first Cancel (nothing happens), then Delete. */
async function confirmDeleteAfterCancel(page: Page, open: () => Promise<void>): Promise<void> {
  await open();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
  await open();
  await expect(dialog(page)).toContainText('This cannot be undone.');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toBeHidden();
}

for (const [viewport, size] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  const sfx = viewport === 'phone' ? 'P' : 'D';

  test.describe(`master data at ${viewport} width`, () => {
    test.use({ viewport: size });

    test('items: add, validation, units inline, edit, deactivate, delete with confirmation', async ({ page }) => {
      const no = `E2E-I${sfx}`;
      await signIn(page, 'admin', '/admin/items');
      await expect(page.locator('#main h1')).toHaveText('Items');
      // The demo items are listed, with their badge and an edit action.
      await expect(row(page, '1000')).toContainText('Screws 5x50, box');
      await expect(row(page, '1000')).toContainText('Active');

      await page.getByRole('link', { name: 'Add item' }).first().click();
      await expect(page).toHaveURL(/\/admin\/items\/add$/);
      // Validation from the shared schema, before anything is sent.
      await page.getByLabel('Number').fill('A#1');
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Field contains invalid characters')).toBeVisible();
      await expect(page.getByText('Field is required')).toBeVisible();
      // A duplicate number: the creation-failed toast and the server's reason on the Number field.
      await page.getByLabel('Number').fill('1000');
      await page.getByLabel('Description').fill('Again');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Item creation failed');
      await expect(page.locator('.field--invalid', { has: page.getByLabel('Number') }).locator('.field__error')).toHaveText('Item 1000 already exists');
      await expect(page.locator('.form-error')).toHaveCount(0);

      await page.getByLabel('Number').fill(no);
      await page.getByLabel('Description').fill('E2E bolts');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Item successfully created');
      await expect(page).toHaveURL(new RegExp(`/admin/items/edit\\?no=${no}$`));
      await expect(page.getByTestId('readonly-key')).toHaveText(no);

      // Units: idle → creating → idle → editing → idle, and delete.
      const units = page.getByTestId('units-panel');
      await expect(units).toContainText('No units of measure yet');
      await units.getByRole('button', { name: 'Add unit' }).click();
      await units.getByLabel('Code', { exact: true }).fill('PCS');
      await units.getByLabel('Description').fill('Pieces');
      await units.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Unit successfully created');
      await expect(row(page, 'PCS')).toContainText('Pieces');
      await units.getByRole('button', { name: 'Add unit' }).click();
      await units.getByLabel('Code', { exact: true }).fill('PCS');
      await units.getByLabel('Description').fill('Twice');
      await units.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Unit creation failed');
      // on the Code field, not as a banner (issue 10 §11)
      await expect(units.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(units.locator('.field__error')).toHaveText(`Unit PCS already exists for item ${no}`);
      await expect(units.locator('.form-error')).toHaveCount(0);
      await units.getByRole('button', { name: 'Cancel' }).click();
      await expect(units.getByLabel('Code', { exact: true })).toHaveCount(0);
      // Esc closes the inline add form.
      await units.getByRole('button', { name: 'Add unit' }).click();
      await units.getByLabel('Code', { exact: true }).press('Escape');
      await expect(units.getByLabel('Code', { exact: true })).toHaveCount(0);
      // While a unit is being edited, Add waits (it would drop the edit); Esc closes the edit form.
      await units.getByRole('button', { name: 'Edit unit PCS' }).click();
      await expect(units.getByRole('button', { name: 'Add unit' })).toBeDisabled();
      await expect(units.getByRole('button', { name: 'Add unit' })).toHaveAttribute('title', 'Save or cancel the open edit first');
      await units.getByLabel('Description').press('Escape');
      await expect(units.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(units.getByRole('button', { name: 'Add unit' })).toBeEnabled();

      await units.getByRole('button', { name: 'Edit unit PCS' }).click();
      await units.getByLabel('Description').fill('Pieces, loose');
      await units.getByRole('checkbox', { name: 'Active' }).uncheck();
      await units.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Unit successfully updated');
      await expect(row(page, 'PCS')).toContainText('Pieces, loose');
      await expect(row(page, 'PCS')).toContainText('Inactive');
      await confirmDeleteAfterCancel(page, () => units.getByRole('button', { name: 'Delete unit PCS' }).click());
      await expectToast(page, 'Unit successfully deleted');
      await expect(row(page, 'PCS')).toHaveCount(0);

      // Edit and deactivate the item itself.
      await page.getByLabel('Description').fill('E2E bolts, zinc');
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Item successfully updated');
      await page.goto('/admin/items');
      await page.getByPlaceholder('Filter by number or description').fill('zinc');
      await expect(row(page, no)).toContainText('E2E bolts, zinc');
      await expect(row(page, no)).toContainText('Inactive');
      await expect(row(page, '1000')).toHaveCount(0);
      await row(page, no)
        .getByRole('link', { name: `Edit item ${no}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/items/edit\\?no=${no}$`));

      await confirmDeleteAfterCancel(page, () => page.getByRole('button', { name: 'Delete', exact: true }).click());
      await expectToast(page, 'Item successfully deleted');
      await expect(page).toHaveURL(/\/admin\/items$/);
      await expect(row(page, no)).toHaveCount(0);
    });

    test('customers: add, edit, deactivate, delete; a customer with jobs cannot be deleted', async ({ page }) => {
      const no = `E2E-C${sfx}`;
      await signIn(page, 'admin', '/admin/customers');
      await page.getByRole('link', { name: 'Add customer' }).first().click();
      await page.getByLabel('Number').fill(no);
      await page.getByLabel('Name').fill('E2E Byg ApS');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Customer successfully created');
      await expect(page).toHaveURL(/\/admin\/customers$/);
      await expect(row(page, no)).toContainText('E2E Byg ApS');

      await row(page, no)
        .getByRole('link', { name: `Edit customer ${no}` })
        .click();
      await expect(page.getByTestId('readonly-key')).toHaveText(no);
      await page.getByLabel('Name').fill('E2E Byg A/S');
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Customer successfully updated');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(row(page, no)).toContainText('E2E Byg A/S');
      await expect(row(page, no)).toContainText('Inactive');

      // C1000 bills jobs: the delete is refused with the server's suggestion.
      await page.goto('/admin/customers/edit?no=C1000');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Customer C1000 is still in use; deactivate it instead');
      await expect(page).toHaveURL(/edit\?no=C1000$/);

      await page.goto(`/admin/customers/edit?no=${no}`);
      await confirmDeleteAfterCancel(page, () => page.getByRole('button', { name: 'Delete', exact: true }).click());
      await expectToast(page, 'Customer successfully deleted');
      await expect(row(page, no)).toHaveCount(0);
    });

    test('jobs: add with an active bill-to customer, tasks inline, edit, deactivate, delete', async ({ page }) => {
      const code = `E2E-J${sfx}`;
      await signIn(page, 'admin', '/admin/jobs');
      await expect(row(page, 'J-1001')).toContainText('Nordhavn Byg ApS');
      await expect(row(page, 'J-1001')).toContainText('C1000');
      await page.getByRole('link', { name: 'Add job' }).first().click();
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Description (optional)').fill('E2E roof');
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.locator('.field__error')).toHaveText('Field is required');
      await page.getByLabel('Bill-to customer').selectOption('C2000');
      await page.getByLabel('Team code (optional)').fill('b');
      await expect(page.getByLabel('Team code (optional)')).toHaveValue('B');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Job successfully created');
      await expect(page).toHaveURL(new RegExp(`/admin/jobs/edit\\?code=${code}$`));

      const tasks = page.getByTestId('tasks-panel');
      await expect(tasks).toContainText('No tasks yet');
      await tasks.getByRole('button', { name: 'Add task' }).click();
      await tasks.getByLabel('Code', { exact: true }).fill('100');
      await tasks.getByLabel('Description').fill('Scaffolding');
      await tasks.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Task successfully created');
      await tasks.getByRole('button', { name: 'Edit task 100' }).click();
      await tasks.getByLabel('Description').fill('Scaffolding up');
      await tasks.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Task successfully updated');
      await expect(row(page, '100')).toContainText('Scaffolding up');

      // A job with tasks cannot be deleted.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, `Job ${code} is still in use; deactivate it instead`);

      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Job successfully updated');

      await confirmDeleteAfterCancel(page, () => tasks.getByRole('button', { name: 'Delete task 100' }).click());
      await expectToast(page, 'Task successfully deleted');
      await expect(tasks).toContainText('No tasks yet');

      await page.goto('/admin/jobs');
      await expect(row(page, code)).toContainText('Vestegnens Boligselskab');
      await expect(row(page, code)).toContainText('Inactive');
      await row(page, code)
        .getByRole('link', { name: `Edit job ${code}` })
        .click();
      await confirmDeleteAfterCancel(page, () => page.getByRole('button', { name: 'Delete', exact: true }).click());
      await expectToast(page, 'Job successfully deleted');
      await expect(page).toHaveURL(/\/admin\/jobs$/);
      await expect(row(page, code)).toHaveCount(0);
    });

    test('locations: inline add, edit page, deactivate, delete from the list', async ({ page }) => {
      const code = `E2EL${sfx}`;
      await signIn(page, 'admin', '/admin/locations');
      await expect(page.getByRole('link', { name: /add/i })).toHaveCount(0);
      const add = page.getByRole('form', { name: 'Add location' });
      await add.getByLabel('Code', { exact: true }).fill('CPH');
      await add.getByRole('button', { name: 'Add location' }).click();
      await expectToast(page, 'Location creation failed');
      await expect(add.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(add.locator('.field__error')).toHaveText('Location CPH already exists');
      await expect(add.locator('.form-error')).toHaveCount(0);

      await add.getByLabel('Code', { exact: true }).fill(code);
      await add.getByLabel('Name (optional)').fill('E2E site');
      await add.getByRole('button', { name: 'Add location' }).click();
      await expectToast(page, 'Location successfully created');
      await expect(add.getByLabel('Code', { exact: true })).toHaveValue('');
      await expect(row(page, code)).toContainText('E2E site');

      await row(page, code)
        .getByRole('link', { name: `Edit location ${code}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/locations/edit\\?code=${code}$`));
      await expect(page.getByTestId('readonly-key')).toHaveText(code);
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Location successfully updated');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(row(page, code)).toContainText('Inactive');

      await confirmDeleteAfterCancel(page, () =>
        row(page, code)
          .getByRole('button', { name: `Delete location ${code}` })
          .click(),
      );
      await expectToast(page, 'Location successfully deleted');
      await expect(row(page, code)).toHaveCount(0);
    });

    test('work types: add, edit, delete', async ({ page }) => {
      const code = `E2EW${sfx}`;
      await signIn(page, 'admin', '/admin/worktypes');
      await expect(row(page, 'NORMAL')).toContainText('HOUR');
      await page.getByRole('link', { name: 'Add work type' }).first().click();
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Description').fill('E2E standby');
      // The unit of measure is chosen from the codes the account's units have (issue 10 §8).
      await page.getByLabel('Unit of measure code (optional)').selectOption('HOUR');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Work type successfully created');
      await row(page, code)
        .getByRole('link', { name: `Edit work type ${code}` })
        .click();
      await page.getByLabel('Unit of measure code (optional)').selectOption('');
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Work type successfully updated');
      await confirmDeleteAfterCancel(page, () => page.getByRole('button', { name: 'Delete', exact: true }).click());
      await expectToast(page, 'Work type successfully deleted');
      await expect(row(page, code)).toHaveCount(0);
    });
  });
}

test('a resource and its units over the phone-width screens', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page, 'admin', '/admin/resources');
  await expect(row(page, 'R01')).toContainText('Carpenter');
  await row(page, 'R01').getByRole('link', { name: 'Edit resource R01' }).click();
  await expect(row(page, 'HOUR')).toContainText('Hour');
});

test('an unknown key shows "not found" with a way back', async ({ page }) => {
  await signIn(page, 'admin', '/admin/items/edit?no=NOPE-404');
  await expect(page.getByText('Not found. It may have been deleted.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to items' }).click();
  await expect(page).toHaveURL(/\/admin\/items$/);
});

test.describe('screenshots', () => {
  const screens: Array<[string, string, string]> = [
    ['items', '/admin/items', '[data-row-key="1000"]'],
    ['items-add', '/admin/items/add', 'form'],
    ['items-edit', '/admin/items/edit?no=1000', '[data-testid="units-panel"] [data-row-key="BOX"]'],
    ['resources-edit', '/admin/resources/edit?no=VAN', '[data-testid="units-panel"] [data-row-key="KM"]'],
    ['locations', '/admin/locations', '[data-row-key="CPH"]'],
    ['locations-edit', '/admin/locations/edit?code=CPH', 'form'],
    ['worktypes', '/admin/worktypes', '[data-row-key="NORMAL"]'],
    ['worktypes-edit', '/admin/worktypes/edit?code=NORMAL', 'form'],
    ['customers', '/admin/customers', '[data-row-key="C1000"]'],
    ['customers-edit', '/admin/customers/edit?no=C1000', 'form'],
    ['jobs', '/admin/jobs', '[data-row-key="J-1001"]'],
    ['jobs-add', '/admin/jobs/add', 'form'],
    ['jobs-edit', '/admin/jobs/edit?code=J-1001', '[data-testid="tasks-panel"] [data-row-key="100"]'],
  ];
  // One test per language (the file runs in parallel mode), so the two workers share the 78 pictures.
  for (const [lang, user] of [
    ['en', 'admin'],
    ['da', 'e2e-md-dansk'],
  ] as const) {
    test(`master-data screens at 375, 800 and 1366 px (${lang})`, async ({ browser }) => {
      test.setTimeout(180_000);
      if (lang === 'da') {
        const admin = await apiLogin(appOrigin(), 'admin');
        const created = await admin.post('/api/user', {
          data: { username: user, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Admin', languageCode: 'DAN' },
        });
        expect([201, 409]).toContain(created.status());
        await admin.dispose();
      }
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const p = await context.newPage();
      await signIn(p, user, screens[0]![1]);
      // Each screen is loaded once and resized through the three widths (as a turned tablet or a
      // narrowed window is), not loaded again per width.
      for (const [name, path, ready] of screens) {
        await p.setViewportSize(VIEWPORTS.desktop);
        await p.goto(path);
        for (const [label, size] of Object.entries({ 375: VIEWPORTS.phone, 800: VIEWPORTS.tablet, 1366: VIEWPORTS.desktop })) {
          await p.setViewportSize(size);
          await p.waitForFunction((w) => window.innerWidth === w, size.width);
          await expect(p.locator(ready).locator('visible=true').first()).toBeVisible();
          await screenshot(p, `admin-${name}-${label}-${lang}`);
        }
      }
      // An open inline form and the delete question.
      await p.setViewportSize(VIEWPORTS.phone);
      await p.goto('/admin/jobs/edit?code=J-1001');
      await p.getByTestId('tasks-panel').locator('[data-row-key="100"] button').first().click();
      await screenshot(p, `admin-jobs-edit-task-editing-375-${lang}`);
      await p.locator('#main .admin-form-actions .btn--danger').first().click();
      await expect(p.getByRole('alertdialog')).toBeVisible();
      await screenshot(p, `admin-jobs-delete-confirm-375-${lang}`);
      if (lang === 'da') {
        await expect(p.getByRole('alertdialog')).toContainText('Vil du slette sag J-1001?');
        await p.getByRole('alertdialog').getByRole('button', { name: 'Annuller' }).click();
        await p.goto('/admin/items');
        await expect(p.locator('#main h1')).toHaveText('Varer');
        await expect(p.getByRole('link', { name: 'Tilføj vare' }).first()).toBeVisible();
      }
      await context.close();
    });
  }
});
