import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, test } from '@playwright/test';
import { apiLogin, login, PASSWORD, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 41 §4: a user turns on two-factor on the security page (the code computed here from the
 * key the page shows), gets 10 recovery codes once, and signs in again with one of them — in
 * English and Danish, at 375 and 1366 px. Users of their own, so other specs' users keep signing
 * in with the password alone.
 */

const code = (secret: string, offset = 0) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + offset), 6);

for (const [lang, languageCode] of [
  ['en', 'ENU'],
  ['da', 'DAN'],
] as const) {
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`two-factor: enrol on the security page, sign in with a recovery code (${lang}, ${viewport})`, async ({ page, baseURL }) => {
      const username = `tfa-${lang}-${viewport}`;
      const admin = await apiLogin(String(baseURL), 'admin');
      const created = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, languageCode } });
      expect(created.status()).toBe(201);
      await admin.dispose();
      await page.setViewportSize(VIEWPORTS[viewport]);

      await login(page, username);
      await page.goto('/security');
      await page.getByTestId('totp-start').click();
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await expect(page.locator('svg.qr')).toBeVisible();
      await screenshot(page, `security-enrol-${viewport}-${lang}`);
      await page.getByTestId('totp-confirm').getByRole('textbox').fill(code(secret));
      await page.getByTestId('totp-confirm').getByRole('button').click();
      const codes = page.getByTestId('recovery-codes').locator('code');
      await expect(codes).toHaveCount(10);
      const recovery = (await codes.first().textContent())!.trim();
      await screenshot(page, `security-codes-${viewport}-${lang}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.context().clearCookies();
      await page.goto('/login');
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('button[type="submit"]').click();
      const step = page.getByTestId('second-factor');
      await expect(step).toBeVisible();
      await screenshot(page, `login-second-factor-${viewport}-${lang}`);
      // A wrong code is refused with the catalogue's message; the recovery code lets the user in.
      await step.getByRole('textbox').fill('000000');
      await step.getByRole('button').click();
      await expect(step.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
      await step.getByRole('textbox').fill(recovery);
      await step.getByRole('button').click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('#main h1')).toBeVisible();
      await page.goto('/security');
      await expect(page.getByTestId('security-status')).toContainText('9');
    });
  }
}
