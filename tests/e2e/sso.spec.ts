import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider';
import { apiLogin, axeBuilder, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 41 §1, §6: single sign-on through a real OpenID provider (oidc-provider on a loopback port,
 * started here), with the browser: the login page's "Sign in with …" button, the provider's own
 * login and consent pages, back into the app signed in as a user created just in time — in English
 * at 375 px and Danish at 1366 px. Then the Admin's SSO panel with a test sign-in showing the claims.
 * The account's SSO settings are removed afterwards: the other specs' login page has no button.
 */

test.describe.configure({ mode: 'serial' });

let provider: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startTestProvider({ redirectUris: [`${baseURL}/api/auth/sso/callback`], postLogoutRedirectUris: [`${baseURL}/login`] });
  const admin = await apiLogin(String(baseURL), 'admin');
  const res = await admin.put('/api/account/sso', {
    data: {
      enabled: true,
      providerName: 'Test IdP',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      allowedDomains: ['sso.example'],
      jitCreate: true,
      ssoRequired: false,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const admin = await apiLogin(String(baseURL), 'admin');
  await admin.post('/api/account/sso/remove', { data: { confirm: true } });
  await admin.dispose();
  await provider?.close();
});

for (const [lang, locale, viewport] of [
  ['en', 'en-GB', 'phone'],
  ['da', 'da-DK', 'desktop'],
] as const) {
  test(`sign in with SSO: a new user is created and signed in (${lang}, ${viewport})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    const sub = `sso-${lang}-${Date.now() % 100_000_000}`;
    provider.users.set(sub, { sub, email: `${sub}@sso.example`, email_verified: true, name: `SSO ${lang}`, locale });

    // The company's own link names its account (a one-account install needs no ?account).
    await page.goto('/login?account=TEST');
    const button = page.getByTestId('sso-button');
    await expect(button).toHaveText(lang === 'da' ? 'Log ind med Test IdP' : 'Sign in with Test IdP');
    await screenshot(page, `sso-login-${viewport}-${lang}`);
    expect((await axeBuilder(page).analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await button.click();

    // The provider's development login form (any login is the subject), then its consent.
    await page.locator('input[name="login"]').fill(sub);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/\?sso=1$|\/$/);
    await expect(page.locator('#main h1').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await screenshot(page, `sso-signed-in-${viewport}-${lang}`);
    const info = await page.request.get('/api/user/info');
    expect(((await info.json()) as { username: string }).username).toBe(sub);

    // A refusal comes back to the login page with its code, shown in the user's language.
    await page.context().clearCookies();
    await page.goto('/login?sso_error=SSO_DOMAIN_NOT_ALLOWED');
    await expect(page.getByTestId('sso-error')).toHaveText(
      lang === 'da' ? 'Dit e-maildomæne må ikke logge ind på denne konto' : 'Your e-mail domain may not sign in to this account',
    );
    await screenshot(page, `sso-refused-${viewport}-${lang}`);
    await context.close();
  });
}

test("the Admin's SSO panel: a test sign-in shows the provider's claims", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const res = await page.request.post('/api/user/login', { data: { username: 'admin', password: 'Test-pass-1', remember: false }, headers: { Origin: String(baseURL) } });
  expect(res.status()).toBe(200);
  provider.users.set('e2e-tester', { sub: 'e2e-tester', email: 'tester@sso.example', email_verified: true, name: 'Tess Tester' });
  await page.goto('/admin/account');
  const panel = page.getByTestId('sso-panel');
  await expect(panel.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await panel.getByTestId('sso-test').click();
  await page.locator('input[name="login"]').fill('e2e-tester');
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/account\?sso_test=/);
  await expect(page.getByTestId('sso-test-result')).toContainText('"email": "tester@sso.example"');
  await screenshot(page, 'sso-admin-test-desktop-en');
  expect((await axeBuilder(page).include('[data-testid="sso-panel"]').analyze()).violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
