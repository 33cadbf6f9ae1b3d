import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { apiLogin, PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * Issue 5 end to end: a team leader downloads the team's entries and marks them as exported; they
 * leave the worksheet and show up in the archive, whose filters find them; the file is a CSV.
 * Own users in an own team (EXP) on a job without team (J-3001), so that other specs' entries and
 * team leaders are not involved: exp-leader (Teamleader, EN), exp-leder (Teamleader, DA),
 * exp-worker (Basic) — all team EXP.
 */
// Generous timeouts: the shared 2-core machine runs several suites at once.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const newYear = `${now.getFullYear()}-01-01`;
const stamp = Date.now().toString(36);
const ENTRIES = [
  { date: today, description: `Tiles; grout, "white" ${stamp}` },
  { date: today, description: `=SUM(A1) ${stamp}` },
  { date: newYear, description: `New year check ${stamp}` },
];

let api: APIRequestContext;
let worker: APIRequestContext;
let baseURL: string;

async function openModal(page: Page) {
  await page.locator('.page-header__actions').getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

function readCsv(path: string, delimiter: ',' | ';') {
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.toString('utf8').slice(1), { delimiter }) as string[][];
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  api = await apiLogin(baseURL, 'admin');
  for (const [username, profileType, languageCode] of [
    ['exp-leader', 'Teamleader', 'ENU'],
    ['exp-leder', 'Teamleader', 'DAN'],
    ['exp-worker', 'Basic', 'ENU'],
  ] as const) {
    const res = await api.post('/api/user', {
      data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType, languageCode, teamCode: 'EXP' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  worker = await apiLogin(baseURL, 'exp-worker');
  const ids: number[] = [];
  for (const e of ENTRIES) {
    const res = await worker.post('/api/worksheet', {
      data: { date: e.date, customerNo: 'C3000', jobCode: 'J-3001', unitType: 'Item', unitNo: '1300', description: e.description, quantity: '2.5', unitOfMeasureCode: 'BAG' },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  // One of them approved, so that the modal warns about the other two.
  const leader = await apiLogin(baseURL, 'exp-leader');
  const approved = await leader.put('/api/worksheet/approve', { data: { id: ids[0], isApproved: true } });
  expect(approved.status(), await approved.text()).toBe(200);
  await leader.dispose();
});

test.afterAll(async () => {
  await api?.dispose();
  await worker?.dispose();
});

test('the download modal in English and Danish at 375, 800 and 1366 px', async ({ browser }) => {
  for (const [user, lang] of [
    ['exp-leader', 'en'],
    ['exp-leder', 'da'],
  ] as const) {
    const page = await browser.newPage();
    await signIn(page, user, '/?mode=TEAM');
    await expect(page.locator('[data-entry-id]')).toHaveCount(3);
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      const dialog = await openModal(page);
      // Issue 24: "approved only" is on for the marking by default; off, the modal warns as before.
      if (lang === 'en') {
        // Decision 0310: "approved only" narrows both buttons, and the file's count says so.
        await expect(dialog).toContainText('Entries in the file: 1');
        await expect(dialog).toContainText('Entries that will be marked as exported: 1');
        await expect(dialog.getByRole('button', { name: 'Move 1 entry to the archive' })).toBeEnabled();
        await dialog.getByLabel('Approved entries only').uncheck();
        await expect(dialog).toContainText('Entries in the file: 3');
        await expect(dialog).toContainText('Entries that will be marked as exported: 3');
        await expect(dialog).toContainText('removes all the entries from the worksheet and moves them to the archive');
        await expect(dialog.getByRole('alert')).toHaveText('2 of the entries are not approved yet.');
      } else {
        await expect(dialog).toContainText('Registreringer i filen: 1');
        await expect(dialog.getByRole('button', { name: 'Flyt 1 registrering til arkivet' })).toBeEnabled();
        await dialog.getByLabel('Kun godkendte registreringer').uncheck();
        await expect(dialog.getByRole('button', { name: 'Flyt 3 registreringer til arkivet' })).toBeEnabled();
        await expect(dialog.getByRole('alert')).toHaveText('2 af registreringerne er endnu ikke godkendt.');
      }
      await screenshot(page, `export-modal-${size.width}-${lang}`);
      // Spec §2: the modal's buttons are the two downloads; it closes with its close button or Esc.
      await expect(dialog.locator('.modal__footer .btn')).toHaveCount(2);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.close();
  }
});

test('a team leader downloads and marks; the entries move to the archive, whose filters find them', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'exp-leader', '/?mode=TEAM');
  await expect(page.locator('[data-entry-id]')).toHaveCount(3);

  const dialog = await openModal(page);
  // Two of the three are not approved: take them too (issue 24: approved only is the default).
  await dialog.getByLabel('Approved entries only').uncheck();
  await expect(dialog).toContainText('Entries that will be marked as exported: 3');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Move 3 entries to the archive' }).click();
  // Issue 38: no period, and the entries span 1 January and today: the dialog names the months and asks once more.
  if (today.slice(0, 7) !== newYear.slice(0, 7)) {
    await expect(dialog.getByRole('alertdialog')).toContainText('No period is chosen, so 3 entries from');
    await dialog.getByRole('button', { name: 'Yes, move them all' }).click();
  }
  await expect(page.getByText('Download started...')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('worsheet.csv');
  const rows = readCsv((await download.path())!, ',');
  expect(rows[0]).toContain('Description');
  const descriptions = rows.slice(1).map((r) => r[rows[0]!.indexOf('Description')]);
  // Decision 0100: a would-be formula is written as ="…", which spreadsheets show without an apostrophe.
  expect(descriptions.sort()).toEqual([`="=SUM(A1) ${stamp}"`, ENTRIES[2]!.description, ENTRIES[0]!.description].sort());
  expect(rows.slice(1).every((r) => r[rows[0]!.indexOf('Quantity')] === '2.50' && r[rows[0]!.indexOf('User')] === 'exp-worker')).toBe(true);

  // The summary stays in the dialog until closed; the worksheet reloads: the marked entries are gone from it.
  await expect(dialog.getByRole('status')).toContainText(/3 entries were moved to the archive as export batch WT\d{6}\./);
  await dialog.locator('.modal__footer').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('[data-entry-id]')).toHaveCount(0);

  // The archive (Team tab) has them, within the default range 1 January – today.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/archive/);
  await expect(page.getByLabel('From date')).toHaveValue(newYear);
  await expect(page.getByLabel('To date')).toHaveValue(today);
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/mode=TEAM/);
  const entries = page.locator('[data-entry-id]');
  await expect(entries).toHaveCount(3);
  // Read-only: no approve, edit or delete.
  await expect(page.getByRole('button', { name: /approve/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^edit/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^delete/i })).toHaveCount(0);

  // Customer and job filters: shown as "name (no)" and "description (code)".
  await page.getByLabel('Customer').selectOption({ label: 'C3000 · Aarhus Kommune' });
  await expect(page).toHaveURL(/customerNo=C3000/);
  await page.getByLabel('Job').selectOption({ label: 'J-3001 · School windows service' });
  await expect(page).toHaveURL(/jobCode=J-3001/);
  await expect(entries).toHaveCount(3);
  if (today !== newYear) {
    await page.getByLabel('From date').fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await expect(entries).toHaveCount(2);
  }
  // From may not exceed To.
  await expect(page.getByLabel('From date')).toHaveAttribute('max', today);
  await expect(page.getByLabel('To date')).toHaveAttribute('min', today !== newYear ? today : newYear);

  // A plain download only in the archive; the file holds what the filters show.
  const archiveDialog = await openModal(page);
  await expect(archiveDialog.getByRole('button', { name: /Download and mark as exported|to the archive/ })).toHaveCount(0);
  await expect(archiveDialog).toContainText(`Entries in the file: ${today !== newYear ? 2 : 3}`);
  const again = page.waitForEvent('download');
  await archiveDialog.getByRole('button', { name: 'Download', exact: true }).click();
  const archived = readCsv((await (await again).path())!, ',');
  expect(archived).toHaveLength(today !== newYear ? 3 : 4);

  // Another customer: nothing.
  await page.getByLabel('Customer').selectOption({ label: 'C1000 · Nordhavn Byg ApS' });
  await expect(page).not.toHaveURL(/jobCode=/);
  await expect(page.getByText('No exported entries match the filters.')).toBeVisible();
});

test('the archive in English and Danish at 375, 800 and 1366 px; Danish files use ; and decimal comma', async ({ browser }) => {
  for (const [user, lang] of [
    ['exp-leader', 'en'],
    ['exp-leder', 'da'],
  ] as const) {
    const page = await browser.newPage();
    await signIn(page, user, '/archive?mode=TEAM');
    await expect(page.locator('[data-entry-id]').first()).toBeVisible();
    await expect(page.locator('#main h1')).toHaveText(lang === 'en' ? 'Archive' : 'Arkiv');
    if (lang === 'da') {
      await expect(page.getByLabel('Fra dato')).toHaveValue(newYear);
      await expect(page.getByLabel('Til dato')).toHaveValue(today);
      await expect(page.getByLabel('Kunde')).toBeVisible();
      await expect(page.getByLabel('Sag', { exact: true })).toBeVisible();
    }
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      await expect(page.locator('[data-entry-id]').first()).toBeVisible();
      await screenshot(page, `archive-${size.width}-${lang}`);
    }
    if (lang === 'da') {
      const dialog = await openModal(page);
      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download', exact: true }).click();
      await expect(page.getByText('Download startet...')).toBeVisible();
      const rows = readCsv((await (await downloading).path())!, ';');
      expect(rows[0]!.slice(0, 4)).toEqual(['Post-id', 'Dato', 'Bruger', 'Kundenr.']);
      expect(rows.slice(1).every((r) => r[rows[0]!.indexOf('Antal')] === '2,50')).toBe(true);
    }
    await page.close();
  }
});

test('issue 12: the modal offers xlsx and the CSV flavour by keyboard, downloads the workbook and remembers the choice', async ({ browser }) => {
  for (const [user, lang] of [
    ['exp-leader', 'en'],
    ['exp-leder', 'da'],
  ] as const) {
    const page = await browser.newPage();
    await signIn(page, user, '/archive?mode=TEAM');
    await expect(page.locator('[data-entry-id]').first()).toBeVisible();
    const t =
      lang === 'en'
        ? { format: 'File format', xlsx: 'Excel workbook (.xlsx)', csv: 'CSV file (.csv)', flavour: 'CSV format', danish: 'Danish Excel', intl: 'International' }
        : { format: 'Filformat', xlsx: 'Excel-projektmappe (.xlsx)', csv: 'CSV-fil (.csv)', flavour: 'CSV-format', danish: 'Dansk Excel', intl: 'International' };
    for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(size);
      const dialog = await openModal(page);
      const formats = dialog.getByRole('group', { name: t.format });
      // Nothing remembered yet: CSV, in the language's flavour.
      await expect(formats.getByRole('radio', { name: t.csv })).toBeChecked();
      const flavours = dialog.getByRole('group', { name: t.flavour });
      await expect(flavours.getByRole('radio', { name: lang === 'en' ? t.intl : t.danish })).toBeChecked();
      await screenshot(page, `export-modal-format-${size.width}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    // By keyboard: the flavour radios move with the arrow keys; then the file type.
    const dialog = await openModal(page);
    const flavours = dialog.getByRole('group', { name: t.flavour });
    await flavours.getByRole('radio', { name: lang === 'en' ? t.intl : t.danish }).focus();
    await page.keyboard.press(lang === 'en' ? 'ArrowUp' : 'ArrowDown');
    await expect(flavours.getByRole('radio', { name: lang === 'en' ? t.danish : t.intl })).toBeChecked();
    await dialog.getByRole('radio', { name: t.csv }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(dialog.getByRole('radio', { name: t.xlsx })).toBeChecked();
    await expect(dialog.getByRole('group', { name: t.flavour })).toHaveCount(0);
    await screenshot(page, `export-modal-xlsx-${lang}`);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('worsheet.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe(lang === 'en' ? 'Entry ID' : 'Post-id');
    expect(ws.rowCount).toBeGreaterThan(1);
    const quantity = ws.getRow(2).getCell(19);
    expect(quantity.type).toBe(ExcelJS.ValueType.Number);
    expect(quantity.value).toBe(2.5);
    await expect(dialog).toBeHidden();

    // Remembered: the next time the modal opens on the workbook.
    await page.reload();
    await expect(page.locator('[data-entry-id]').first()).toBeVisible();
    const again = await openModal(page);
    await expect(again.getByRole('radio', { name: t.xlsx })).toBeChecked();
    await again.getByRole('radio', { name: t.csv }).check();
    await expect(again.getByRole('group', { name: t.flavour }).getByRole('radio', { name: lang === 'en' ? t.danish : t.intl })).toBeChecked();
    await page.keyboard.press('Escape');
    await page.close();
  }
});
