import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, PASSWORD, screenshot, signIn, VIEWPORTS } from './helpers';

/*
 * Issue 24 end to end: a team leader filters a period in the download dialog, sees the preview
 * (count, quantities, period, what approved-only leaves out), moves the entries to the archive,
 * reads the summary, opens the batch in the archive and downloads it again — the same bytes.
 * Danish at 1366 px, English at 375 px. Own users in an own team (BAT) on a job without team, and
 * a period of their own per run, so that other specs' entries are not involved.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);
let baseURL: string;

/** Two approved and one unapproved entry inside [from, to], one approved entry before it. */
async function seedPeriod(worker: APIRequestContext, leader: APIRequestContext, month: string, tag: string) {
  const days = [
    { date: `${month}-05`, approve: true, quantity: '2.5' },
    { date: `${month}-06`, approve: true, quantity: '3' },
    { date: `${month}-07`, approve: false, quantity: '1' },
  ];
  for (const d of days) {
    const res = await worker.post('/api/worksheet', {
      data: {
        date: d.date,
        customerNo: 'C3000',
        jobCode: 'J-3001',
        unitType: 'Item',
        unitNo: '1300',
        description: `${tag} ${d.date} ${stamp}`,
        quantity: d.quantity,
        unitOfMeasureCode: 'BAG',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    if (d.approve) expect((await leader.put('/api/worksheet/approve', { data: { id, isApproved: true } })).status()).toBe(200);
  }
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  const admin = await apiLogin(baseURL, 'admin');
  for (const [username, languageCode] of [
    ['bat-leader', 'ENU'],
    ['bat-leder', 'DAN'],
  ] as const) {
    const res = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Teamleader', languageCode, teamCode: 'BAT' } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const created = await admin.post('/api/user', {
    data: { username: 'bat-worker', password: PASSWORD, confirmPassword: PASSWORD, profileType: 'Basic', languageCode: 'ENU', teamCode: 'BAT' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  const worker = await apiLogin(baseURL, 'bat-worker');
  const leader = await apiLogin(baseURL, 'bat-leader');
  await seedPeriod(worker, leader, '2026-10', 'Danish run');
  await seedPeriod(worker, leader, '2026-08', 'English run');
  await worker.dispose();
  await leader.dispose();
});

const T = {
  da: {
    user: 'bat-leder',
    size: VIEWPORTS.desktop,
    from: 'Fra dato',
    to: 'Til dato',
    month: '2026-10',
    approvedOnly: 'Kun godkendte registreringer',
    count: 'Registreringer, der markeres som eksporteret: 2',
    leftOut: 'Udeladt, ikke godkendt',
    move: 'Flyt 2 registreringer til arkivet',
    done: /2 registreringer er flyttet til arkivet som eksportkørsel WT\d{6}\./,
    open: 'Åbn kørslen i arkivet',
    batch: 'Eksportkørsel',
    again: 'Hent igen',
    download: 'Download',
  },
  en: {
    user: 'bat-leader',
    size: VIEWPORTS.phone,
    from: 'From date',
    to: 'To date',
    month: '2026-08',
    approvedOnly: 'Approved entries only',
    count: 'Entries that will be marked as exported: 2',
    leftOut: 'Left out, not approved',
    move: 'Move 2 entries to the archive',
    done: /2 entries were moved to the archive as export batch WT\d{6}\./,
    open: 'Open the batch in the archive',
    batch: 'Export batch',
    again: 'Download again',
    download: 'Download',
  },
} as const;

async function openModal(page: Page, label: string) {
  await page.locator('.page-header__actions').getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ['da', 'en'] as const) {
  test(`filter a period, preview, move to the archive, open the batch and download it again (${lang}, ${T[lang].size.width} px)`, async ({ page }) => {
    const t = T[lang];
    await page.setViewportSize(t.size);
    await signIn(page, t.user, '/?mode=TEAM');
    await expect(page.locator('[data-entry-id]').first()).toBeVisible();

    const dialog = await openModal(page, t.download);
    await dialog.getByLabel(t.from).fill(`${t.month}-01`);
    await dialog.getByLabel(t.to).fill(`${t.month}-31`);
    await expect(dialog.getByLabel(t.approvedOnly)).toBeChecked();
    await expect(dialog).toContainText(t.count);
    // The preview: the quantities per unit (2.5 + 3 bags), the period, and the unapproved entry left out.
    const preview = dialog.locator('.exp-mark .exp-preview');
    await expect(preview.locator('div', { has: page.locator('dt', { hasText: 'BAG' }) }).locator('dd')).toHaveText(lang === 'da' ? '5,5' : '5.5');
    await expect(preview.locator('div', { has: page.locator('dt', { hasText: t.leftOut }) }).locator('dd')).toHaveText('1');
    const move = dialog.getByRole('button', { name: t.move });
    await expect(move).toBeEnabled();
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, `export-batch-preview-${t.size.width}-${lang}`);

    const downloading = page.waitForEvent('download');
    await move.click();
    const first = await downloading;
    expect(first.suggestedFilename()).toBe('worsheet.csv');
    const firstBytes = readFileSync((await first.path())!);
    // Only the two approved entries of the period are in the file.
    const text = firstBytes.toString('utf8');
    expect(text).toContain(`${t.month}-05`);
    expect(text).toContain(`${t.month}-06`);
    expect(text).not.toContain(`${t.month}-07`);

    // The summary, in the dialog and as a toast, with the way to the batch.
    await expect(dialog.getByRole('status')).toContainText(t.done);
    await expect(page.locator('.toast--success')).toContainText(t.done);
    await screenshot(page, `export-batch-done-${t.size.width}-${lang}`);
    await dialog.getByRole('link', { name: t.open }).click();
    await expect(page).toHaveURL(/\/archive\?.*batchId=\d+/);

    // The archive shows that batch: its two entries, whatever the date filter says.
    const entries = page.locator('[data-entry-id]');
    await expect(entries).toHaveCount(2);
    const select = page.getByRole('combobox', { name: t.batch, exact: true });
    await expect(select).toHaveValue(/^\d+$/);
    // The period does not apply to a batch: its inputs are off.
    await expect(page.getByLabel(t.from)).toBeDisabled();
    // The toasts go by themselves (at most 5 s); the picture shows the batch panel without them.
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
    await screenshot(page, `export-batch-archive-${t.size.width}-${lang}`);

    // Download again: the very same bytes, although the archive's tab and filters differ from the dialog's.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: t.again }).click();
    const second = await again;
    expect(second.suggestedFilename()).toBe('worsheet.csv');
    expect(readFileSync((await second.path())!).equals(firstBytes)).toBe(true);
  });
}
