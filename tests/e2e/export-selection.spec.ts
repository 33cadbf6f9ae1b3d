import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, PASSWORD, screenshot, signIn } from './helpers';

/*
 * Issue 38 end to end: the screen and the file agree. The office types a period in the download
 * dialog (it becomes the list's filter), downloads, reopens the dialog (the period is still there),
 * and moves exactly that period to the archive. A team leader's "waiting for approval" count
 * follows a bulk approve; report pickers keep typed dates; no toast covers a control.
 * Own users in an own team (SEL) and own years, so that other specs' entries are not involved.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);

async function seed(worker: APIRequestContext, admin: APIRequestContext, months: string[], approve: boolean) {
  for (const month of months) {
    for (const day of ['03', '04']) {
      const res = await worker.post('/api/worksheet', {
        data: {
          date: `${month}-${day}`,
          customerNo: 'C3000',
          jobCode: 'J-3001',
          unitType: 'Item',
          unitNo: '1300',
          description: `sel ${month}-${day} ${stamp}`,
          quantity: '2',
          unitOfMeasureCode: 'BAG',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      if (approve) expect((await admin.put('/api/worksheet/approve', { data: { id, isApproved: true } })).status()).toBe(200);
    }
  }
}

const RUNS = [
  {
    lang: 'da',
    size: { width: 375, height: 740 },
    admin: 'sel-office-da',
    month: '2024-10',
    next: '2024-11',
    from: 'Fra dato',
    to: 'Til dato',
    download: 'Download',
    move: 'Flyt 2 registreringer til arkivet',
    words: /Alle · .*2024 – .*2024/,
  },
  {
    lang: 'en',
    size: { width: 1024, height: 800 },
    admin: 'sel-office-en',
    month: '2024-07',
    next: '2024-08',
    from: 'From date',
    to: 'To date',
    download: 'Download',
    move: 'Move 2 entries to the archive',
    words: /All · .*2024 – .*2024/,
  },
  {
    lang: 'da',
    size: { width: 1366, height: 860 },
    admin: 'sel-office-da2',
    month: '2024-05',
    next: '2024-06',
    from: 'Fra dato',
    to: 'Til dato',
    download: 'Download',
    move: 'Flyt 2 registreringer til arkivet',
    words: /Alle · .*2024 – .*2024/,
  },
] as const;

let baseURL: string;

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  const admin = await apiLogin(baseURL, 'admin');
  const users: Array<[string, string, string]> = [
    ['sel-office-da', 'Admin', 'DAN'],
    ['sel-office-en', 'Admin', 'ENU'],
    ['sel-office-da2', 'Admin', 'DAN'],
    ['sel-leader', 'Teamleader', 'ENU'],
    ['sel-worker', 'Basic', 'ENU'],
  ];
  for (const [username, profileType, languageCode] of users) {
    const res = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType, languageCode, teamCode: 'SEL' } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const worker = await apiLogin(baseURL, 'sel-worker');
  for (const run of RUNS) await seed(worker, admin, [run.month, run.next], true);
  await worker.dispose();
  await admin.dispose();
});

async function openDialog(page: Page, label: string) {
  await page.locator('.page-header__actions').getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** No toast's box overlaps a visible focusable control of the page (issue 38 §4). */
async function expectNoToastOverControls(page: Page) {
  // The toasts take a new place within half a second when the page under them changed (a dialog
  // closed): asked again until then.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect());
          const region = document.querySelector('.toasts');
          const hits: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])',
          )) {
            // The top bar's menu is the one thing a toast may stand over (toast-place.ts).
            if (region?.contains(el) || el.closest('dialog') || el.closest('.topbar')) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            for (const t of toasts) {
              if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
                hits.push(`${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ''} ${el.getAttribute('aria-label') ?? ''}`);
            }
          }
          return hits;
        }),
      { timeout: 5_000 },
    )
    .toEqual([]);
}

for (const run of RUNS) {
  test(`the office types a period, downloads, reopens and moves exactly that period (${run.lang}, ${run.size.width} px)`, async ({ page }) => {
    await page.setViewportSize(run.size);
    await signIn(page, run.admin, '/?mode=ALL');
    const from = `${run.month}-01`;
    const to = `${run.month}-31`;

    let dialog = await openDialog(page, run.download);
    await dialog.getByLabel(run.from).fill(from);
    await dialog.getByLabel(run.to).fill(to);
    // The dialog's period is the list's filter: it is in the URL.
    await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}|to=${to}.*from=${from}`));
    await expect(dialog.getByTestId('exp-selection')).toHaveText(run.words);
    await screenshot(page, `export-selection-${run.size.width}-${run.lang}`);

    const downloading = page.waitForEvent('download');
    await dialog.locator('.modal__footer').getByRole('button', { name: run.download, exact: true }).click();
    const file = readFileSync((await (await downloading).path())!).toString('utf8');
    expect(file).toContain(`${run.month}-03`);
    expect(file).toContain(`${run.month}-04`);
    expect(file).not.toContain(`${run.next}-03`);
    await expect(dialog).toBeHidden();
    await expectNoToastOverControls(page);

    // Reopened, the dialog shows the same selection.
    dialog = await openDialog(page, run.download);
    await expect(dialog.getByLabel(run.from)).toHaveValue(from);
    await expect(dialog.getByLabel(run.to)).toHaveValue(to);
    const move = dialog.getByRole('button', { name: run.move });
    await expect(move).toBeEnabled();
    await move.click();
    await expect(dialog.getByRole('status')).toBeVisible();

    // Exactly the typed month moved; the next month is still open.
    const admin = await apiLogin(baseURL, run.admin);
    const open = await admin.get(`/api/worksheet/totals?mode=ALL&from=${run.month}-01&to=${run.next}-28`);
    expect(((await open.json()) as { entries: number }).entries).toBe(2);
    const archived = await admin.get(`/api/worksheet/totals?mode=ALL&exported=true&from=${run.month}-01&to=${run.month}-31`);
    expect(((await archived.json()) as { entries: number }).entries).toBe(2);
    await admin.dispose();
  });
}

test('the waiting count follows a bulk approve; its link opens the Team tab, not approved (1366 px)', async ({ page }) => {
  const worker = await apiLogin(baseURL, 'sel-worker');
  const admin = await apiLogin(baseURL, 'admin');
  await seed(worker, admin, ['2023-03'], false);
  await worker.dispose();
  await admin.dispose();
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'sel-leader', '/');
  const waiting = page.locator('.ws-glance__waiting');
  await expect(waiting).toContainText('2 entries waiting');
  await waiting.click();
  await expect(page).toHaveURL(/mode=TEAM/);
  await expect(page).toHaveURL(/status=notApproved/);
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await page.locator('.ws-bulk').getByRole('button', { name: 'Approve', exact: true }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.locator('.toast--success')).toBeVisible();
  await expectNoToastOverControls(page);
  // Back on Yours, the banner says nothing is waiting any more, without a reload.
  await page.goto('/?mode=YOURS');
  await expect(waiting).toHaveCount(0);
});

test('report pickers keep a typed period through a grouping and a scope change (1366 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'sel-office-en', '/reports');
  await page.getByLabel('From', { exact: true }).fill('2024-10-01');
  await page.getByLabel('To', { exact: true }).fill('2024-10-31');
  await page.getByLabel('Then by').selectOption('person');
  await expect(page).toHaveURL(/from=2024-10-01/);
  await page.getByLabel('Whose entries').selectOption('ALL');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/from=2024-10-01/);
  await expect(page).toHaveURL(/to=2024-10-31/);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2024-10-01');
  // A preset sets and applies a period at once.
  await page.getByRole('button', { name: 'This year' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${new Date().getFullYear()}-01-01`));
});

test('no filter select clips its text at 1024 px, English and Danish', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  for (const [user, path] of [
    ['sel-office-en', '/?mode=ALL&status=notApproved'],
    ['sel-office-da', '/?mode=ALL&status=notApproved'],
  ] as const) {
    await signIn(page, user, path);
    const clipped = await page.locator('.ws-filters select').evaluateAll((els) =>
      els
        .map((el) => {
          const s = el as HTMLSelectElement;
          // The chosen option's text against the room inside the select (the arrow takes ~28 px).
          const probe = document.createElement('span');
          probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(s).font}`;
          probe.textContent = s.selectedOptions[0]?.text ?? '';
          document.body.append(probe);
          const text = probe.getBoundingClientRect().width;
          probe.remove();
          const cs = getComputedStyle(s);
          const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
          return text > room ? `${s.selectedOptions[0]?.text} ${text} > ${room}` : null;
        })
        .filter(Boolean),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, `filters-1024-${user}`);
    await page.context().clearCookies();
  }
});
