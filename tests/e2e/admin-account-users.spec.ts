import { expect, test, type Page } from '@playwright/test';
import { apiLogin, appOrigin, login, PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * Admin: account settings, API key and users (spec §2, §4, §8; issue 3).
 * The e2e server is shared with the other spec files, so these tests never leave a changed
 * account setting behind, and the users they make have names of their own.
 */

const toast = (page: Page) => page.locator('.toasts');
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
/** The open confirmation dialog. */
const dialog = (page: Page) => page.getByRole('alertdialog');

async function origin(page: Page): Promise<string> {
  return new URL(page.url()).origin;
}

for (const [viewport, size] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test.describe(`account screen at ${viewport} width`, () => {
    test.use({ viewport: size });

    test('mandatory boxes are disabled and cleared while their field is hidden; save shows the toast', async ({ page }) => {
      await signIn(page, 'admin', '/admin/account');
      await expect(page.locator('#main h1')).toHaveText('Account');
      await expect(page.locator('.page-header__subtitle')).toContainText('Test A/S');

      for (const field of ['Job task', 'Location', 'Work type']) {
        const show = checkbox(page, `Show ${field}`);
        const mandatory = checkbox(page, `${field} is mandatory`);
        await expect(show).toBeChecked();
        await expect(mandatory).toBeEnabled();
        await mandatory.check();
        await show.uncheck();
        await expect(mandatory).toBeDisabled();
        await expect(mandatory).not.toBeChecked();
        // Showing it again does not bring the mandatory flag back.
        await show.check();
        await expect(mandatory).toBeEnabled();
        await expect(mandatory).not.toBeChecked();
      }
      // The customer has no mandatory box of its own.
      await expect(checkbox(page, 'Show Customer')).toBeChecked();
      await expect(checkbox(page, 'Customer is mandatory')).toHaveCount(0);

      // Default unit type and resource units are radio groups with the current values.
      await expect(page.getByRole('radio', { name: 'Resource', exact: true })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Time', exact: true })).toBeChecked();
      await page.getByRole('radio', { name: 'Item', exact: true }).check();
      await expect(page.getByRole('radio', { name: 'Resource', exact: true })).not.toBeChecked();
      await page.getByRole('radio', { name: 'Resource', exact: true }).check();

      // Saving sends every setting (unchanged here: the server is shared with other tests).
      const request = page.waitForRequest((r) => r.url().includes('account.update') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Save settings' }).click();
      const body = JSON.stringify((await request).postDataJSON());
      for (const key of ['showCustomer', 'showJobTask', 'showLocation', 'showWorkType', 'mandatoryJobTask', 'mandatoryLocation', 'mandatoryWorkType']) {
        expect(body).toContain(`"${key}":`);
      }
      expect(body).toContain('"defaultUnitType":"Resource"');
      expect(body).toContain('"resourceUnits":"Time"');
      await expect(toast(page)).toContainText('Account successfully configured');
      await screenshot(page, `admin-account-${viewport}-en`);
    });
  });
}

test.describe('API key', () => {
  test.use({ viewport: VIEWPORTS.desktop, permissions: ['clipboard-read', 'clipboard-write'] });

  test('view masked, reveal, copy to the clipboard, generate a new one after confirmation', async ({ page }) => {
    await signIn(page, 'admin', '/admin/account');
    const keyBox = page.getByTestId('api-key');

    // A fresh server has no key yet: the first one needs no confirmation.
    const first = page.getByRole('button', { name: 'Generate API key' });
    await expect(keyBox.or(first)).toBeVisible();
    if (await first.isVisible()) {
      await first.click();
      await expect(toast(page)).toContainText('A new API key was generated');
    }
    await expect(keyBox).toBeVisible();
    await expect(keyBox).toHaveValue(/^wt_•{24}.{4}$/);

    await page.getByRole('button', { name: 'Show API key' }).click();
    await expect(keyBox).toHaveValue(/^wt_[A-Za-z0-9_-]{20,}$/);
    const oldKey = await keyBox.inputValue();
    await page.getByRole('button', { name: 'Hide API key' }).click();
    await expect(keyBox).not.toHaveValue(oldKey);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toContainText('API key was copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldKey);

    // The key works for an integrator.
    const base = await origin(page);
    expect((await page.request.get(`${base}/api/account`, { headers: { 'X-Api-Key': oldKey } })).status()).toBe(200);

    // Cancel keeps the key.
    await page.getByRole('button', { name: 'Generate new' }).click();
    await expect(dialog(page)).toContainText('The current key stops working at once');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show API key' }).click();
    await expect(keyBox).toHaveValue(oldKey);

    // Confirm replaces it, and the old one stops working at once.
    await page.getByRole('button', { name: 'Generate new' }).click();
    await dialog(page).getByRole('button', { name: 'Generate new key' }).click();
    await expect(toast(page)).toContainText('A new API key was generated');
    await page.getByRole('button', { name: 'Show API key' }).click();
    await expect(keyBox).not.toHaveValue(oldKey);
    const newKey = await keyBox.inputValue();
    expect(newKey).toMatch(/^wt_/);
    expect((await page.request.get(`${base}/api/account`, { headers: { 'X-Api-Key': oldKey } })).status()).toBe(401);
    expect((await page.request.get(`${base}/api/account`, { headers: { 'X-Api-Key': newKey } })).status()).toBe(200);
  });
});

for (const [viewport, size] of [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const) {
  test.describe(`users at ${viewport} width`, () => {
    test.use({ viewport: size });
    const name = `e2e-${viewport}`;

    test('add, edit, change password, deactivate and delete a user', async ({ page, browser }) => {
      await signIn(page, 'admin', '/admin/users');
      await expect(page.locator('#main h1')).toHaveText('Users');
      // Cards on phones, a table from tablet up.
      const list = viewport === 'phone' ? page.locator('.admin-cards') : page.locator('.admin-table');
      await expect(list).toBeVisible();
      await expect(page.locator(viewport === 'phone' ? '.admin-table' : '.admin-cards')).toHaveCount(0);

      // Add: the shared schema checks the form before anything is sent.
      await page.getByRole('link', { name: 'Add user' }).first().click();
      await expect(page).toHaveURL(/\/admin\/users\/add$/);
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.field__error').first()).toHaveText('Field is required');

      await page.getByLabel('Username', { exact: true }).fill(name);
      await page.getByLabel('Password', { exact: true }).fill('Start-pass-1');
      await page.getByLabel('Confirm password').fill('Start-pass-2');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText('Passwords must match')).toBeVisible();
      await page.getByLabel('Confirm password').fill('Start-pass-1');
      await page.getByLabel('Team code').fill('north');
      await expect(page.getByLabel('Team code')).toHaveValue('NORTH');
      await page.getByLabel('Role').selectOption('Teamleader');
      await page.getByLabel('Language', { exact: true }).selectOption('DAN');
      // Lock needs a default resource.
      const lock = checkbox(page, 'Lock default resource');
      await expect(lock).toBeDisabled();
      await page.getByLabel('Default resource', { exact: true }).selectOption('R01');
      await expect(lock).toBeEnabled();
      await lock.check();
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(toast(page)).toContainText('User successfully added');
      await expect(page).toHaveURL(/\/admin\/users$/);

      const entry = list.locator(`[data-row-key="${name}"]`);
      await expect(entry).toContainText('Team leader');
      await expect(entry).toContainText('NORTH');
      await expect(entry).toContainText('DAN');
      await expect(entry).toContainText('–');
      await expect(entry).toContainText('Active');

      // A duplicate name, in another case, is refused by the server.
      await page.goto('/admin/users/add');
      await page.getByLabel('Username', { exact: true }).fill(name.toUpperCase());
      await page.getByLabel('Password', { exact: true }).fill('Start-pass-1');
      await page.getByLabel('Confirm password').fill('Start-pass-1');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(toast(page)).toContainText('User creation failed');
      await expect(page.locator('.field__error')).toHaveText('Username already exists for this account');
      await page.getByRole('link', { name: 'Cancel' }).click();

      // Edit via the list's edit action (?username=).
      await entry.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users/edit\\?username=${name}$`));
      // The username is shown, not editable.
      await expect(page.getByTestId('readonly-key').first()).toHaveText(name);
      await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveCount(0);
      await expect(checkbox(page, 'Lock default resource')).toBeChecked();
      // Clearing the default resource clears and disables the lock.
      await page.getByLabel('Default resource', { exact: true }).selectOption('');
      await expect(checkbox(page, 'Lock default resource')).not.toBeChecked();
      await expect(checkbox(page, 'Lock default resource')).toBeDisabled();
      await page.getByLabel('Default description').fill('Site work');
      await page.getByLabel('Expiration date').fill('2099-12-31');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page)).toContainText('User successfully updated');
      // The edit page stays, with the saved values.
      await expect(page).toHaveURL(/\/admin\/users\/edit/);
      await expect(page.getByLabel('Default description')).toHaveValue('Site work');

      // Change password beside the form.
      const passwordForm = page.locator('section', { has: page.getByRole('heading', { name: 'Change password' }) });
      await passwordForm.getByLabel('New password').fill('Other-pass-1');
      await passwordForm.getByLabel('Confirm password').fill('Other-pass-2');
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await expect(passwordForm.getByText('Passwords must match')).toBeVisible();
      // Checked live after the first submit: still different → still shown; equal → gone.
      await passwordForm.getByLabel('Confirm password').fill('Other-pass-3');
      await expect(passwordForm.getByText('Passwords must match')).toBeVisible();
      await passwordForm.getByLabel('Confirm password').fill('Other-pass-1');
      await expect(passwordForm.getByText('Passwords must match')).toBeHidden();
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await expect(toast(page)).toContainText('Password successfully changed');
      await expect(passwordForm.getByLabel('New password')).toHaveValue('');
      if (viewport === 'desktop') {
        // Side by side from tablet up.
        const user = await page.locator('section', { has: page.getByRole('heading', { name: 'User details' }) }).boundingBox();
        const pwd = await passwordForm.boundingBox();
        expect(pwd!.x).toBeGreaterThan(user!.x + user!.width - 1);
      }

      // The new password works.
      const other = await browser.newContext({ viewport: size });
      const otherPage = await other.newPage();
      await login(otherPage, name, 'Other-pass-1');
      await other.close();

      // Deactivate; the list shows the badge and the saved expiration date.
      await checkbox(page, 'Active').uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(toast(page)).toContainText('User successfully updated');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(entry).toContainText('Inactive');
      await expect(entry).toContainText('2099');

      // Delete after confirmation; Cancel first keeps the user.
      await entry.getByRole('link', { name: `Edit ${name}` }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog(page)).toContainText(name);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/admin\/users\/edit/);
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('User successfully deleted');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(entry).toHaveCount(0);
    });
  });
}

test.describe('editing oneself', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('no active box and no delete; role and expiration read-only', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users/edit?username=admin');
    await expect(page.locator('.users-self-note')).toContainText('This is you');
    await expect(checkbox(page, 'Active')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Role and expiration are shown as values, not fields.
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
    await expect(page.locator('input[name="expirationDate"]')).toHaveCount(0);
    await expect(page.getByTestId('readonly-key')).toHaveText(['admin', 'Admin', '–']);
    // The rest can be saved.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page)).toContainText('User successfully updated');
  });

  test('an unknown username shows "not found"', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users/edit?username=nobody-here');
    await expect(page.getByText('Not found. It may have been deleted.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});

test.describe('screenshots', () => {
  test('account and users at 375, 800 and 1366 px, English and Danish', async ({ browser }) => {
    test.setTimeout(120_000);
    // A Danish admin of its own, so the shared admin stays English for the other tests.
    const admin = await apiLogin(appOrigin(), 'admin');
    const created = await admin.post('/api/user', {
      data: { username: 'e2e-dansk-admin', password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Admin', languageCode: 'DAN', teamCode: 'A' },
    });
    expect([201, 409]).toContain(created.status());
    await admin.dispose();

    for (const [lang, user] of [
      ['en', 'admin'],
      ['da', 'e2e-dansk-admin'],
    ] as const) {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: lang === 'da' ? 'da-DK' : 'en-GB' });
      const p = await context.newPage();
      await signIn(p, user, '/admin/account');
      for (const [label, size] of Object.entries({ 375: VIEWPORTS.phone, 800: VIEWPORTS.tablet, 1366: VIEWPORTS.desktop })) {
        await p.setViewportSize(size);
        await p.goto('/admin/account');
        await expect(p.getByTestId('api-key').or(p.locator('.acct-key-empty'))).toBeVisible();
        await screenshot(p, `admin-account-${label}-${lang}`);
        await p.goto('/admin/users');
        await expect(p.locator('.admin-toolbar')).toBeVisible();
        await screenshot(p, `admin-users-${label}-${lang}`);
        await p.goto('/admin/users/add');
        await expect(p.locator('.users-form')).toBeVisible();
        await screenshot(p, `admin-users-add-${label}-${lang}`);
        await p.goto('/admin/users/edit?username=leader');
        await expect(p.locator('.users-password')).toBeVisible();
        await screenshot(p, `admin-users-edit-${label}-${lang}`);
      }
      if (lang === 'da') {
        await expect(p.locator('#main h1')).toHaveText('Rediger bruger');
        await p.goto('/admin/users');
        await expect(p.locator('.admin-table')).toContainText('Holdkode');
        await expect(p.locator('.admin-table')).toContainText('Udløbsdato');
        await p.goto('/admin/account');
        await expect(p.locator('#main')).toContainText('API-nøgle');
      }
      await context.close();
    }
  });
});
