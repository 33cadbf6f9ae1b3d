import { expect, test } from '@playwright/test';
import { PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/** /admin/import (issue 42): upload, map one unknown column, preview, apply, see the report — Danish at 1366 px, English at 375 px. */
test.setTimeout(120_000);

test('a Danish admin at 1366 px imports customers with one mapped column', async ({ page, request, baseURL }) => {
  const headers = { Origin: baseURL ?? '' };
  await request.post('/api/user/login', { data: { username: 'admin', password: PASSWORD }, headers });
  await request.post('/api/user', { data: { username: 'impda', password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Admin', languageCode: 'DAN' }, headers });

  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'impda', '/admin');
  await page.getByRole('link', { name: /Import/ }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  await page.getByLabel('Hvad skal importeres').selectOption('customer');
  await page.getByLabel('Fil (CSV eller .xlsx)').setInputFiles({
    name: 'Kunder.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFFNr.;Firmanavn;Spærret\r\nE2E-K1;Første Kunde ApS;\r\nE2E-K2;Anden Kunde A/S;Alle\r\n', 'utf8'),
  });
  await page.getByRole('button', { name: 'Vis forhåndsvisning' }).click();

  const columns = page.getByRole('region', { name: 'Kolonner' });
  await expect(columns.getByText('Vælg en kolonne til: Navn')).toBeVisible();
  await columns.getByLabel('Firmanavn').selectOption({ label: 'Navn (skal udfyldes)' });
  await screenshot(page, 'import-mapping-da-1366');
  await columns.getByRole('button', { name: 'Vis forhåndsvisning igen' }).click();

  const report = page.getByTestId('import-report');
  await expect(page.getByRole('heading', { name: 'Forhåndsvisning' })).toBeVisible();
  await expect(report.getByTestId('import-count-created')).toContainText('2');
  await expect(report.getByText('E2E-K1')).toBeVisible();
  await screenshot(page, 'import-preview-da-1366');

  await page.getByRole('button', { name: 'Udfør import' }).click();
  await expect(page.getByRole('heading', { name: 'Resultat' })).toBeVisible();
  await expect(report.getByTestId('import-count-created')).toContainText('2');
  await expect(page.getByRole('region', { name: 'Tidligere importer' }).getByText('Kunder · Kunder.csv')).toBeVisible();
  await screenshot(page, 'import-result-da-1366');

  // The same file again: the remembered mapping applies, and nothing changes.
  await page.getByRole('button', { name: 'Vis forhåndsvisning igen' }).first().click();
  await expect(page.getByText('Intet ændres: filen svarer til det, der er gemt.')).toBeVisible();
});

test('an English admin at 375 px imports items with one mapped column and a refused row', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signIn(page, 'admin', '/admin/import');
  await page.getByLabel('What to import').selectOption('item');
  await page.getByLabel('File (CSV or .xlsx)').setInputFiles({
    name: 'items.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Item code,Description,Base Unit of Measure\nE2E-I1,Bolt M8,PCS\nE2E-I2,Washer,PCS\nE2E-I1,Bolt twice,PCS\n', 'utf8'),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const columns = page.getByRole('region', { name: 'Columns' });
  await columns.getByLabel('Item code').selectOption({ label: 'No. (required)' });
  await columns.getByRole('button', { name: 'Preview again' }).click();

  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-count-created')).toContainText('2');
  await expect(report.getByTestId('import-count-refused')).toContainText('1');
  await expect(report.getByText('E2E-I1 is in the file more than once (first in row 2)')).toBeVisible();
  await screenshot(page, 'import-preview-en-375');

  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(report.getByTestId('import-count-created')).toContainText('2');
  await screenshot(page, 'import-result-en-375');
  // no sideways scrolling on a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
