import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, PASSWORD, screenshot, signIn, watchHighlight } from './helpers';

/*
 * Issue 23 end to end: a team leader filters the Team list to one person's not-approved entries of
 * one week, edits one entry and lands back on the same filtered list with the entry highlighted,
 * then approves everything with one confirmation ("Approve 6 entries of 1 person?"). English at
 * 1024 px (cards), Danish at 1366 px (the table). Own users in an own team (REV) and a week of
 * their own per language, so other specs' entries are not involved.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);
let baseURL: string;

const WEEKS = {
  en: ['2023-03-06', '2023-03-07', '2023-03-08'],
  da: ['2023-03-13', '2023-03-14', '2023-03-15'],
  weekEn: ['2023-03-20', '2023-03-21', '2023-03-22'],
  weekDa: ['2023-03-27', '2023-03-28', '2023-03-29'],
} as const;

/**
 * The worker's and the colleague's entries of March 2023 (the weeks below) from an earlier try are
 * removed first, by the admin: a retry seeds again, and its counts ("6 entries match") would
 * otherwise be twelve. Approved ones (the earlier try got that far) are unapproved first.
 */
async function clearMarch(admin: APIRequestContext, username: string) {
  const filter = { mode: 'ALL', from: '2023-03-01', to: '2023-03-31', username };
  const unapproved = await admin.put('/api/worksheet/approve/bulk', { data: { isApproved: false, filter } });
  expect(unapproved.status(), await unapproved.text()).toBe(200);
  const res = await admin.get(`/api/worksheet?${new URLSearchParams({ ...filter, limit: '500' }).toString()}`);
  expect(res.status(), await res.text()).toBe(200);
  const groups = (await res.json()) as { worksheet: { id: number }[] }[];
  for (const { id } of groups.flatMap((g) => g.worksheet)) {
    const gone = await admin.delete('/api/worksheet', { data: { id } });
    expect(gone.status(), await gone.text()).toBe(204);
  }
}

/** Two entries a day on three days for the worker, one for the colleague (who the person filter leaves out). */
async function seedWeek(worker: APIRequestContext, colleague: APIRequestContext, days: readonly string[], tag: string) {
  for (const [i, date] of days.entries()) {
    for (const [j, who] of [worker, worker, colleague].entries()) {
      const res = await who.post('/api/worksheet', {
        data: {
          date,
          customerNo: 'C3000',
          jobCode: 'J-3001',
          unitType: 'Item',
          unitNo: '1300',
          description: `${tag} ${i}${j} ${stamp}`,
          quantity: '1.5',
          unitOfMeasureCode: 'BAG',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  const admin = await apiLogin(baseURL, 'admin');
  for (const [username, profileType, languageCode] of [
    ['rev-leader', 'Teamleader', 'ENU'],
    ['rev-leder', 'Teamleader', 'DAN'],
    ['rev-worker', 'Basic', 'ENU'],
    ['rev-mate', 'Basic', 'ENU'],
  ] as const) {
    const res = await admin.post('/api/user', { data: { username, password: PASSWORD, confirmPassword: PASSWORD, profileType, languageCode, teamCode: 'REV' } });
    expect([201, 409], await res.text()).toContain(res.status());
  }
  await clearMarch(admin, 'rev-worker');
  await clearMarch(admin, 'rev-mate');
  const worker = await apiLogin(baseURL, 'rev-worker');
  const mate = await apiLogin(baseURL, 'rev-mate');
  await admin.dispose();
  await seedWeek(worker, mate, WEEKS.en, 'Review en');
  await seedWeek(worker, mate, WEEKS.da, 'Review da');
  await seedWeek(worker, mate, WEEKS.weekEn, 'Review week en');
  await seedWeek(worker, mate, WEEKS.weekDa, 'Review week da');
  await worker.dispose();
  await mate.dispose();
});

const T = {
  en: {
    user: 'rev-leader',
    size: { width: 1024, height: 800 },
    person: 'Person',
    from: 'From',
    to: 'To',
    status: 'Status',
    notApproved: 'Not approved',
    matching: /Matching: 6 entries · 9\.00 bags/,
    edit: /^Edit /,
    description: 'Description',
    update: 'Update',
    confirm: 'Approve 6 entries of 1 person?',
    approve: 'Approve',
    toast: '6 entries approved',
    selected: '1 entry selected',
    selectAll: 'Select all 6 matching entries',
    empty: 'No entries',
  },
  da: {
    user: 'rev-leder',
    size: { width: 1366, height: 860 },
    person: 'Person',
    from: 'Fra',
    to: 'Til',
    status: 'Status',
    notApproved: 'Ikke godkendt',
    matching: /Matcher: 6 registreringer · 9,00 sække/,
    edit: /^Rediger /,
    description: 'Beskrivelse',
    update: 'Opdater',
    confirm: 'Godkend 6 registreringer fra 1 person?',
    approve: 'Godkend',
    toast: '6 registreringer godkendt',
    selected: '1 registrering valgt',
    selectAll: 'Vælg alle 6 registreringer, der matcher',
    empty: 'Ingen registreringer',
  },
} as const;

async function filterTo(page: Page, t: (typeof T)[keyof typeof T], days: readonly string[]) {
  const filters = page.getByRole('region', { name: /Filter the entries|Filtrér registreringerne/ });
  await filters.getByLabel(t.person).selectOption('rev-worker');
  // An empty date filter becomes a date field when tapped (components/date-input.tsx).
  await filters.getByLabel(new RegExp(`^${t.from} `)).click();
  await filters.getByLabel(new RegExp(`^${t.from} `)).fill(days[0]!);
  await filters.getByLabel(new RegExp(`^${t.to} `)).click();
  await filters.getByLabel(new RegExp(`^${t.to} `)).fill(days[0]!.replace(/-(\d\d)$/, (_m, d: string) => `-${String(Number(d) + 6).padStart(2, '0')}`));
  await filters.getByLabel(t.status).selectOption({ label: t.notApproved });
}

for (const lang of ['en', 'da'] as const) {
  test(`team leader at ${T[lang].size.width} px (${lang}): filter a person's week, edit one entry and come back, approve all with one confirmation`, async ({ page }) => {
    const t = T[lang];
    const days = WEEKS[lang];
    await page.setViewportSize(t.size);
    await signIn(page, t.user, '/?mode=TEAM');
    await filterTo(page, t, days);
    // The filters are in the URL, and the chips say how many entries match and their total.
    await expect(page).toHaveURL(/person=rev-worker/);
    await expect(page).toHaveURL(/status=notApproved/);
    await expect(page).toHaveURL(new RegExp(`from=${days[0]}`));
    await expect(page.getByText(t.matching)).toBeVisible();
    const rows = page.locator('[data-entry-id]');
    await expect(rows).toHaveCount(6);
    await expect(page.getByText(`Review ${lang} 02 ${stamp}`)).toHaveCount(0);
    // Survives a reload.
    const filtered = page.url();
    await page.reload();
    await expect(rows).toHaveCount(6);
    await screenshot(page, `review-filtered-${t.size.width}-${lang}`);

    // Edit one entry: Update brings back the same filtered list, the entry highlighted.
    const target = rows.filter({ hasText: `Review ${lang} 10 ${stamp}` });
    await target.getByRole('link', { name: t.edit }).click();
    await expect(page).toHaveURL(/\/worksheet\/edit\//);
    // The breadcrumb names the entry by its date and unit, not its id.
    await expect(page.locator('.crumbs [aria-current="page"]')).toContainText('1300');
    await page.getByLabel(t.description).fill(`Review ${lang} 10 ${stamp} edited`);
    const lit = await watchHighlight(page, `Review ${lang} 10 ${stamp} edited`);
    await page.getByRole('button', { name: t.update, exact: true }).click();
    await expect(page).toHaveURL(/\?/);
    expect(new URL(page.url()).searchParams.get('person')).toBe('rev-worker');
    expect(new URL(page.url()).searchParams.get('mode')).toBe('TEAM');
    expect(new URL(page.url()).searchParams.get('status')).toBe('notApproved');
    expect(new URL(page.url()).searchParams.get('from')).toBe(new URL(filtered).searchParams.get('from'));
    await expect(rows).toHaveCount(6);
    await expect.poll(lit).toBe(true);

    // Select one entry, then "all 6 matching"; one confirmation names how many and whose.
    await rows.first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: /Selected entries|Valgte registreringer/ });
    await expect(bar).toContainText(t.selected);
    await bar.getByRole('button', { name: t.selectAll }).click();
    await screenshot(page, `review-selected-${t.size.width}-${lang}`);
    await bar.getByRole('button', { name: t.approve, exact: true }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(t.confirm);
    await dialog.getByRole('button', { name: t.approve, exact: true }).click();
    await expect(page.getByText(t.toast)).toBeVisible();
    // Nothing of that person's week waits any more; the filters are still on.
    await expect(rows).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('person')).toBe('rev-worker');
  });
}

// Issue 23 §2: "Approve week" in the person's week view (issue 22's view), one confirmation, in both languages.
for (const [user, lang, size, week, monday, action, confirmText, approve, toastText] of [
  ['rev-leader', 'en', { width: 1024, height: 800 }, 12, '2023-03-20', 'Approve week', 'Approve 6 entries of 1 person?', 'Approve', '6 entries approved'],
  ['rev-leder', 'da', { width: 375, height: 800 }, 13, '2023-03-27', 'Godkend uge', 'Godkend 6 registreringer fra 1 person?', 'Godkend', '6 registreringer godkendt'],
] as const) {
  test(`approve a person's week from the week view (${lang}, ${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, user, `/?view=week&week=2023-W${week}&user=rev-worker`);
    const button = page.getByRole('button', { name: new RegExp(`^${action}`) });
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(new RegExp(`rev-worker.*${week}`));
    await button.click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(confirmText);
    await screenshot(page, `review-approve-week-${lang}-${size.width}`);
    await dialog.getByRole('button', { name: approve, exact: true }).click();
    await expect(page.getByText(toastText)).toBeVisible();
    // Nothing of that person's week waits any more; the colleague's entries of the week were not touched.
    const leader = await apiLogin(baseURL, user);
    const sunday = new Date(Date.parse(monday) + 6 * 86_400_000).toISOString().slice(0, 10);
    const waiting = async (who: string) =>
      ((await (await leader.get(`/api/worksheet?mode=TEAM&username=${who}&from=${monday}&to=${sunday}&status=notApproved`)).json()) as unknown[]).length;
    expect(await waiting('rev-worker')).toBe(0);
    expect(await waiting('rev-mate')).toBe(3);
    await leader.dispose();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('screens of the Team review at 1024, 1366 and 1920 px, English and Danish', async ({ page }) => {
  for (const [user, lang] of [
    ['rev-leader', 'en'],
    ['rev-leder', 'da'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, user, '/?mode=TEAM&status=all&person=rev-mate');
    await expect(page.locator('[data-entry-id]').first()).toBeVisible();
    for (const width of [1024, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('[data-entry-id]').first().getByRole('checkbox').check();
      await screenshot(page, `review-team-${width}-${lang}`);
      await page.keyboard.press('Escape');
    }
    await page.context().clearCookies();
  }
});
