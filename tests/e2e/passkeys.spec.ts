import { expect, test, type Page } from '@playwright/test';
import { apiLogin, axeBuilder, PASSWORD, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 41 §3 (decision 0400): a user adds a passkey on the security page, renames it, signs out
 * and signs in with it (no username), then a password sign-in asks for the passkey as the second
 * step — with Chromium's virtual authenticator over CDP, in English at 375 px and Danish at
 * 1366 px (and English at 800 px). WebAuthn refuses an IP address as the relying party, so the
 * pages are opened on http://localhost:<port> (the server takes the RP ID from the Host header).
 */

async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

const cases = [
  ['en', 'ENU', 'phone'],
  ['da', 'DAN', 'desktop'],
  ['en', 'ENU', 'tablet'],
] as const;

for (const [lang, languageCode, viewport] of cases) {
  test(`passkeys: add, rename, sign in with it, and as the second step (${lang}, ${VIEWPORTS[viewport].width} px)`, async ({ browser, baseURL }) => {
    // The login page speaks the browser's language: a Danish browser for the Danish run.
    const context = await browser.newContext({ locale: lang === 'da' ? 'da-DK' : 'en-GB' });
    const page = await context.newPage();
    const origin = String(baseURL).replace('127.0.0.1', 'localhost');
    const username = `pk-${lang}-${viewport}`;
    const admin = await apiLogin(String(baseURL), 'admin');
    const created = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, languageCode } });
    expect(created.status()).toBe(201);
    await admin.dispose();
    await page.setViewportSize(VIEWPORTS[viewport]);
    await virtualAuthenticator(page);

    // Password sign-in on localhost (the cookie of 127.0.0.1 is another site's).
    await page.goto(`${origin}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('#main h1')).toBeVisible({ timeout: 30_000 });

    await page.goto(`${origin}/security`);
    const section = page.getByTestId('passkeys');
    await expect(section).toBeVisible();
    await section.getByTestId('passkey-add').click();
    const form = section.getByTestId('passkey-new');
    await form.getByRole('textbox').fill(`Laptop ${lang}`);
    await form.getByRole('button').first().click();
    const row = section.getByTestId('passkey');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Laptop ${lang}`);
    await screenshot(page, `security-passkeys-${viewport}-${lang}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);

    // Rename.
    await row.getByRole('button').first().click();
    await row.getByTestId('passkey-rename').getByRole('textbox').fill(`Work laptop ${lang}`);
    await screenshot(page, `security-passkey-rename-${viewport}-${lang}`);
    await row.getByTestId('passkey-rename').getByRole('button').first().click();
    await expect(row).toContainText(`Work laptop ${lang}`);

    // Signed out, the login page's passkey button signs in with one tap (the virtual authenticator answers at once).
    await page.context().clearCookies();
    await page.goto(`${origin}/login`);
    await expect(page.getByTestId('passkey-login')).toBeVisible();
    await screenshot(page, `login-passkey-${viewport}-${lang}`);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    await page.getByTestId('passkey-login').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#main h1')).toBeVisible();

    // A password sign-in of a user with a passkey asks for it as the second step.
    await page.context().clearCookies();
    await page.goto(`${origin}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    const step = page.getByTestId('second-factor-passkey');
    await expect(step).toBeVisible();
    await screenshot(page, `login-second-factor-passkey-${viewport}-${lang}`);
    await step.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#main h1')).toBeVisible();

    // Removing it asks first; then the password alone signs in again.
    await page.goto(`${origin}/security`);
    await section.getByTestId('passkey').getByRole('button').nth(1).click();
    await page.getByRole('alertdialog').getByRole('button').last().click();
    await expect(section.getByTestId('passkey')).toHaveCount(0);
    await context.close();
  });
}
