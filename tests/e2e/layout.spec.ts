import { expect, test, type Page } from '@playwright/test';
import { login, PASSWORD } from './helpers';

/**
 * Issue 10 §1–3: every list screen (worksheet Yours/Team/All, the archive and the seven admin
 * lists) at every width from phone to desktop, in English and Danish, with the longest values the spec allows (§9: 20-character numbers, codes and team codes,
 * 10-character location/work type/unit codes, 100-character names and descriptions). Nothing may
 * scroll sideways, every action control must be inside the viewport and be the element at its own
 * centre, and no header text may be clipped.
 */
const WIDTHS = [375, 640, 800, 1024, 1280, 1366, 1920];
const WORKSHEET_LISTS = ['/?mode=YOURS', '/?mode=TEAM', '/?mode=ALL', '/archive?mode=ALL'];
const ADMIN_LISTS = ['/admin/users', '/admin/items', '/admin/resources', '/admin/locations', '/admin/worktypes', '/admin/customers', '/admin/jobs'];

// Wide letters and unbreakable Danish compounds: the worst case for a table cell.
const code20 = 'WWWWWWWWWWWWWWWWWWW1';
const code10 = 'WWWWWWWWW1';
const longWord = 'Totalentreprisehåndværksvirksomheden';
const text100 = `${longWord} ${'Kælderrenovering og badeværelse '.repeat(3)}`.slice(0, 100);

async function api(page: Page, method: 'POST' | 'PUT', path: string, data: Record<string, unknown>): Promise<unknown> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(path, { method, data, headers: { Origin: origin } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (res.headers()['content-type'] ?? '').includes('json') ? await res.json() : null;
}

async function seedLongValues(page: Page): Promise<void> {
  await api(page, 'POST', '/api/customer', { no: code20, name: text100 });
  await api(page, 'POST', '/api/job', { code: code20, description: text100, billToCustomerNo: code20, teamCode: code20 });
  await api(page, 'POST', '/api/item', { no: code20, description: text100 });
  await api(page, 'POST', '/api/resource', { no: code20, description: text100 });
  await api(page, 'POST', '/api/unit', { unitType: 'Resource', unitNo: code20, code: code10, description: text100.slice(0, 50) });
  await api(page, 'POST', '/api/location', { code: code10, name: text100 });
  await api(page, 'POST', '/api/worktype', { code: code10, description: text100, unitOfMeasureCode: code10 });
  await api(page, 'POST', '/api/jobtask', { jobCode: code20, code: code20, description: text100 });
  await api(page, 'POST', '/api/item', { no: code20.replace('1', '2'), description: text100 });
  await api(page, 'POST', '/api/unit', { unitType: 'Item', unitNo: code20.replace('1', '2'), code: code10, description: text100.slice(0, 50) });
  for (const [username, languageCode] of USERS) {
    await api(page, 'POST', '/api/user', {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      profileType: 'Admin',
      languageCode,
      teamCode: code20,
      expirationDate: '2999-12-31',
    });
  }
  // Entries with every field at its longest, for each long-named user; some of them archived.
  const today = new Date().toISOString().slice(0, 10);
  const ids: number[] = [];
  for (const [username] of USERS) {
    for (let i = 0; i < 3; i++) {
      const entry = (await api(page, 'POST', '/api/worksheet', {
        username,
        date: today,
        customerNo: code20,
        jobCode: code20,
        jobTaskCode: code20,
        locationCode: code10,
        workTypeCode: code10,
        unitType: 'Item',
        unitNo: code20.replace('1', '2'),
        description: text100,
        quantity: '99999999.99',
        unitOfMeasureCode: code10,
      })) as { id: number };
      ids.push(entry.id);
    }
  }
  await api(page, 'PUT', '/api/worksheet/approve', { id: ids[0], isApproved: true });
  await api(page, 'POST', '/api/worksheet/download', { entries: [ids[2], ids[5]], mode: 'ALL', shouldMarkAsExported: true });
}

const USERS = [
  ['wwwwwwwwwwwwwwwwwwwa', 'ENU'],
  ['wwwwwwwwwwwwwwwwwwwd', 'DAN'],
] as const;

interface Problem {
  width: number;
  what: string;
}

/** Everything on the current page that breaks the rules above, at the current viewport. */
async function layoutProblems(page: Page, width: number): Promise<Problem[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`page scrolls sideways by ${doc.scrollWidth - window.innerWidth}px`);
    for (const th of document.querySelectorAll<HTMLElement>('.admin-table th, .ws-table thead th')) {
      if (th.offsetParent === null) continue; // a column that gave way at this width
      const inner = th.querySelector<HTMLElement>('.admin-sort') ?? th;
      if (inner.scrollWidth > inner.clientWidth + 1 || th.scrollWidth > th.clientWidth + 1) out.push(`header "${th.textContent}" is clipped`);
    }
    const controls = document.querySelectorAll<HTMLElement>('[data-row-key] a, [data-row-key] button, [data-entry-id] a, [data-entry-id] button, [data-entry-id] label.ws-switch');
    for (const el of Array.from(controls).slice(0, 12)) {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const label = el.getAttribute('aria-label') ?? el.textContent ?? el.tagName;
      if (r.width === 0 || r.height === 0) {
        out.push(`control "${label}" is not shown`);
        continue;
      }
      if (r.left < 0 || r.right > window.innerWidth + 0.5) out.push(`control "${label}" lies outside the viewport (${Math.round(r.left)}–${Math.round(r.right)})`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) out.push(`control "${label}" is covered by ${hit?.tagName ?? 'nothing'}`);
    }
    return out;
  });
  return found.map((what) => ({ width, what }));
}

for (const { user, lang } of [
  { user: 'wwwwwwwwwwwwwwwwwwwa', lang: 'en' },
  { user: 'wwwwwwwwwwwwwwwwwwwd', lang: 'da' },
]) {
  test.describe(`list screens, ${lang}`, () => {
    test.describe.configure({ mode: 'serial' });

    test(`every list at every width with maximum-length values (${lang})`, async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, 'admin');
      // The data exists once per server; the second language finds it there.
      const exists = await page.request.get('/api/customer/single?no=' + code20);
      if (exists.status() === 404) await seedLongValues(page);
      await page.goto('/logout');
      await login(page, user);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      const problems: Array<Problem & { list: string }> = [];
      for (const list of [...WORKSHEET_LISTS, ...ADMIN_LISTS]) {
        const admin = list.startsWith('/admin');
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.goto(list);
        await expect(page.locator(admin ? '[data-row-key]' : '[data-entry-id]').first()).toBeVisible();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          // Let the media and container queries settle.
          await page.waitForFunction((w) => window.innerWidth === w, width);
          // Admin lists are cards below 640 px, entries below 1280 px, and tables from there up; wait for the switch.
          const layout = admin ? (width < 640 ? '.admin-cards [data-row-key]' : '.admin-table [data-row-key]') : width < 1280 ? '.ws-cards [data-entry-id]' : '.ws-table [data-entry-id]';
          await expect(page.locator(layout).first()).toBeVisible();
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          for (const p of await layoutProblems(page, width)) problems.push({ ...p, list });
          // Screenshots for a person to look at: SCREENS=1 npx playwright test tests/e2e/layout-admin.spec.ts
          if (process.env.SCREENS && (width === 640 || width === 800 || width === 1024 || width === 1366 || width === 1920)) {
            await page.screenshot({ path: `test-results/screens/layout-${list.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}-${lang}.png`, fullPage: true });
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

test('a click on a row opens the record; headers sort the list', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin');
  await page.goto('/admin/items');
  const rows = page.locator('.admin-table tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  const first = await rows.first().getAttribute('data-row-key');

  const numberHeader = page.locator('.admin-table th').first();
  await numberHeader.getByRole('button').click();
  await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
  await numberHeader.getByRole('button').click();
  await expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).not.toHaveAttribute('data-row-key', first ?? '');
  await numberHeader.getByRole('button').click();
  await expect(numberHeader).not.toHaveAttribute('aria-sort');
  await expect(rows.first()).toHaveAttribute('data-row-key', first ?? '');

  // Clicking the description cell (not a control) opens the record.
  await rows.first().locator('td').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/admin/items/edit\\?no=${encodeURIComponent(first ?? '')}`));
});
