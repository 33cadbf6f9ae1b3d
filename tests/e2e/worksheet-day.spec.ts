import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { login, screenshot, VIEWPORTS } from './helpers';

/*
 * Issue 22 §1–§3: "7,5 hours on a job plus 2 items" with Create & New, on a phone by taps and on
 * a desk by keyboard only, without any error; focus asserted after each step; taps and keys
 * counted (the issue measured about 20 taps + 17 keys on a phone and 132 keys on a desk before,
 * with a 400 on the first item). The Danish user "dansk" has no default resource; the account is
 * in time mode (resource units Time).
 */

interface Counter {
  taps: number;
  keys: number;
}

const form = (page: Page) => page.locator('form.ws-form');
const combo = (page: Page, name: string) => form(page).getByRole('combobox', { name, exact: true });

async function tap(c: Counter, target: Locator, position?: { x: number; y: number }): Promise<void> {
  await target.click(position ? { position } : {});
  c.taps += 1;
}

async function type(c: Counter, page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  c.keys += text.length;
}

async function press(c: Counter, page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  c.keys += 1;
}

/** Types a search into the focused combobox and chooses its first match with Enter (once the match is first). */
async function typeAndChoose(c: Counter, page: Page, search: string, option: RegExp): Promise<void> {
  await type(c, page, search);
  await expect(page.getByRole('option').first()).toHaveText(option);
  await press(c, page, 'Enter');
}

/**
 * A time typed into the focused time field, counted as its four digits ("0700"): the field's
 * parts follow the browser's clock (this Chromium shows 12-hour with AM/PM), so the value is set
 * with fill(), as a 24-hour phone or desk would have it from the digits.
 */
async function typeTime(c: Counter, page: Page, name: 'timeFrom' | 'timeTo', value: string): Promise<void> {
  const input = form(page).locator(`input[name="${name}"]`);
  await expect(input).toBeFocused();
  await input.fill(value);
  c.keys += value.replace(':', '').length;
}

/** Presses Tab until `target` has focus; counts every key. */
async function tabTo(c: Counter, page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await press(c, page, 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Runs `act` and returns the create's answer (POST /api/worksheet). */
async function created(page: Page, act: () => Promise<void>): Promise<Record<string, unknown>> {
  const answer: Promise<Response> = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/worksheet' && r.request().method() === 'POST');
  await act();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

const radio = (page: Page, name: string) => form(page).getByRole('radio', { name, exact: true });

function expectDay(records: Array<Record<string, unknown>>): void {
  expect(records[0]).toMatchObject({
    jobCode: 'J-1001',
    workTypeCode: 'NORMAL',
    unitType: 'Resource',
    unitNo: 'R03',
    timeFrom: '07:00',
    timeTo: '14:30',
    quantity: 7.5,
    unitOfMeasureCode: 'HOUR',
  });
  expect(records[1]).toMatchObject({
    jobCode: 'J-1001',
    workTypeCode: null,
    unitType: 'Item',
    unitNo: '1200',
    quantity: 12.5,
    unitOfMeasureCode: 'M',
    description: 'Copper pipe 15 mm',
  });
  expect(records[2]).toMatchObject({
    jobCode: 'J-1001',
    workTypeCode: null,
    unitType: 'Item',
    unitNo: '1000',
    quantity: 2,
    unitOfMeasureCode: 'BOX',
    description: 'Screws 5x50, box',
  });
}

test.describe('the day in Danish', () => {
  test('phone 375 px, Danish: 7,5 hours then two items with Create & New, in at most 12 taps', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await login(page, 'dansk');
    const c: Counter = { taps: 0, keys: 0 };
    const records: Array<Record<string, unknown>> = [];

    await tap(c, page.getByRole('link', { name: 'Tilføj registrering' }));
    await expect(page).toHaveURL(/\/worksheet\/add$/);

    // The hours: job (its customer follows), work type, resource, 07:00–14:30.
    await tap(c, combo(page, 'Sag'));
    await typeAndChoose(c, page, '1001', /J-1001/);
    await expect(combo(page, 'Sag')).toBeFocused();
    await expect(combo(page, 'Kunde')).toHaveValue(/C1000/);
    await tap(c, combo(page, 'Arbejdstype'));
    await typeAndChoose(c, page, 'norm', /NORMAL/);
    await expect(combo(page, 'Arbejdstype')).toBeFocused();
    await tap(c, combo(page, 'Vare/ressource'));
    await typeAndChoose(c, page, 'R03', /R03/);
    await expect(combo(page, 'Vare/ressource')).toBeFocused();
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('Apprentice');
    await expect(combo(page, 'Enhed')).toHaveValue(/HOUR/);
    // The hours segment of "Fra"; the keyboard's Next key (Tab) goes on to "Til".
    await tap(c, form(page).locator('input[name="timeFrom"]'), {
      x: 16,
      y: 20,
    });
    await typeTime(c, page, 'timeFrom', '07:00');
    // Tab (a phone keyboard's Next key; here also through the time field's own parts) goes on to "Til".
    await tabTo(c, page, form(page).locator('input[name="timeTo"]'));
    await typeTime(c, page, 'timeTo', '14:30');
    await expect(form(page).getByLabel('Antal')).toHaveValue(/^7,5/);
    records.push(await created(page, () => tap(c, page.getByRole('button', { name: 'Opret og ny' }))));
    // Focus: the unit type, the field that changes next after hours.
    await expect(radio(page, 'Ressource')).toBeFocused();
    await expect(combo(page, 'Sag')).toHaveValue(/J-1001/);

    // The first item: Item clears the work type (NORMAL forces HOUR) and Apprentice's description.
    await tap(c, form(page).getByText('Vare', { exact: true }));
    await expect(radio(page, 'Vare')).toBeChecked();
    await expect(combo(page, 'Arbejdstype')).toHaveValue('');
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('');
    await tap(c, combo(page, 'Vare/ressource'));
    await typeAndChoose(c, page, '1200', /1200/);
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('Copper pipe 15 mm');
    await expect(combo(page, 'Enhed')).toHaveValue(/^M/);
    await tap(c, form(page).getByLabel('Antal'));
    await type(c, page, '12,5');
    records.push(await created(page, () => tap(c, page.getByRole('button', { name: 'Opret og ny' }))));
    // Focus: the unit, the field that changes next after an item.
    await expect(combo(page, 'Vare/ressource')).toBeFocused();
    await screenshot(page, 'worksheet-day-after-item-375-da');

    // The second item, typed straight into the focused unit.
    await typeAndChoose(c, page, '1000', /1000/);
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('Screws 5x50, box');
    await expect(combo(page, 'Enhed')).toHaveValue(/BOX/);
    await tap(c, form(page).getByLabel('Antal'));
    await type(c, page, '2');
    records.push(await created(page, () => tap(c, page.getByRole('button', { name: 'Opret og ny' }))));
    await expect(combo(page, 'Vare/ressource')).toBeFocused();

    expectDay(records);
    await expect(page.getByText(/mislykkedes/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    test.info().annotations.push({
      type: 'count',
      description: `phone: ${c.taps} taps, ${c.keys} keys`,
    });
    console.log(`issue 22 phone count: ${c.taps} taps + ${c.keys} keys typed`);
    expect(c.taps).toBeLessThanOrEqual(12);
  });

  test('desktop 1366 px, Danish, keyboard only: the same day with Create & New', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await login(page, 'dansk');
    await expect(form(page)).toBeVisible();
    const c: Counter = { taps: 0, keys: 0 };
    const records: Array<Record<string, unknown>> = [];
    // From the page as it opens after login: nothing focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await tabTo(c, page, combo(page, 'Sag'));
    await typeAndChoose(c, page, '1001', /J-1001/);
    await expect(combo(page, 'Kunde')).toHaveValue(/C1000/);
    await tabTo(c, page, combo(page, 'Arbejdstype'));
    await typeAndChoose(c, page, 'norm', /NORMAL/);
    await tabTo(c, page, combo(page, 'Vare/ressource'));
    await typeAndChoose(c, page, 'R03', /R03/);
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('Apprentice');
    await tabTo(c, page, form(page).locator('input[name="timeFrom"]'));
    await typeTime(c, page, 'timeFrom', '07:00');
    // Tab (a phone keyboard's Next key; here also through the time field's own parts) goes on to "Til".
    await tabTo(c, page, form(page).locator('input[name="timeTo"]'));
    await typeTime(c, page, 'timeTo', '14:30');
    await tabTo(c, page, form(page).getByRole('button', { name: 'Opret og ny' }));
    records.push(await created(page, () => press(c, page, 'Enter')));
    await expect(radio(page, 'Ressource')).toBeFocused();
    // The selected segment's focus ring (two-tone: dark outside, white inside the blue).
    await radio(page, 'Ressource').locator('xpath=..').screenshot({ path: 'test-results/screens/worksheet-segment-focus-1366-da.png' });

    // Arrow to Item: the work type and the prefilled description go.
    await press(c, page, 'ArrowRight');
    await expect(radio(page, 'Vare')).toBeChecked();
    await expect(radio(page, 'Vare')).toBeFocused();
    await expect(combo(page, 'Arbejdstype')).toHaveValue('');
    await tabTo(c, page, combo(page, 'Vare/ressource'));
    await typeAndChoose(c, page, '1200', /1200/);
    await expect(form(page).getByLabel('Beskrivelse')).toHaveValue('Copper pipe 15 mm');
    await tabTo(c, page, form(page).getByLabel('Antal'));
    await type(c, page, '12,5');
    await tabTo(c, page, form(page).getByRole('button', { name: 'Opret og ny' }));
    records.push(await created(page, () => press(c, page, 'Enter')));
    await expect(combo(page, 'Vare/ressource')).toBeFocused();

    await typeAndChoose(c, page, '1000', /1000/);
    await tabTo(c, page, form(page).getByLabel('Antal'));
    await type(c, page, '2');
    await tabTo(c, page, form(page).getByRole('button', { name: 'Opret og ny' }));
    records.push(await created(page, () => press(c, page, 'Enter')));
    await expect(combo(page, 'Vare/ressource')).toBeFocused();

    expectDay(records);
    await expect(page.getByText(/mislykkedes/)).toHaveCount(0);
    // The new entries are in the list (it refetched after each create).
    await expect(page.locator('[data-entry-id]').filter({ hasText: 'Copper pipe 15 mm' }).first()).toBeVisible();
    await screenshot(page, 'worksheet-day-1366-da');
    console.log(`issue 22 desktop count: ${c.keys} keys`);
    test.info().annotations.push({
      type: 'count',
      description: `desktop: ${c.keys} keys`,
    });
    expect(c.taps).toBe(0);
  });
});

for (const [viewport, size] of [
  ['375', VIEWPORTS.phone],
  ['1366', VIEWPORTS.desktop],
] as const) {
  for (const lang of ['en', 'da'] as const) {
    const t =
      lang === 'en'
        ? {
            user: 'basic',
            add: 'Add entry',
            job: 'Job',
            workType: 'Work type',
            unit: 'Unit',
            item: 'Item',
            create: 'Create',
            clear: 'Clear Work type',
            conflict: /Work type NORMAL requires HOUR, which item 1000 does not have/,
          }
        : {
            user: 'dansk',
            add: 'Tilføj registrering',
            job: 'Sag',
            workType: 'Arbejdstype',
            unit: 'Vare/ressource',
            item: 'Vare',
            create: 'Opret',
            clear: 'Ryd Arbejdstype',
            conflict: /Arbejdstypen NORMAL kræver HOUR, som varen 1000 ikke har/,
          };

    test(`${viewport} px, ${lang}: a work type chosen after the item is refused at the field before any request; × clears it`, async ({ page }) => {
      await page.setViewportSize(size);
      await login(page, t.user);
      if (viewport === '375') await page.getByRole('link', { name: t.add }).click();
      const posts: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/worksheet' && r.method() === 'POST') posts.push(r.url());
      });
      await combo(page, t.job).click();
      await page.keyboard.type('1001');
      await expect(page.getByRole('option').first()).toHaveText(/J-1001/);
      await page.keyboard.press('Enter');
      await form(page).getByText(t.item, { exact: true }).click();
      await combo(page, t.unit).click();
      await page.keyboard.type('1000');
      await expect(page.getByRole('option').first()).toHaveText(/1000/);
      await page.keyboard.press('Enter');
      // The item's units of measure have come (its base unit is filled in), as a user sees before Create.
      await expect(combo(page, lang === 'en' ? 'Unit of measure' : 'Enhed')).not.toHaveValue('');
      await form(page)
        .getByLabel(lang === 'en' ? 'Quantity' : 'Antal')
        .fill('3');
      // The work type last: the user's choice stays, the conflict is explained.
      await combo(page, t.workType).click();
      await page.keyboard.type('NORMAL');
      await expect(page.getByRole('option').first()).toHaveText(/NORMAL/);
      await page.keyboard.press('Enter');
      await form(page).getByRole('button', { name: t.create, exact: true }).click();
      const workType = combo(page, t.workType);
      await expect(workType).toHaveAttribute('aria-invalid', 'true');
      await expect(workType).toBeFocused();
      await expect(form(page).locator('.field__error').filter({ hasText: t.conflict })).toBeVisible();
      expect(posts).toHaveLength(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // The visible part only on a desk: a full-page picture resizes the window for a moment, which
      // re-mounts the inline form (its draft comes back) — a test artefact, not what a user sees.
      if (viewport === '375') await screenshot(page, `worksheet-conflict-${viewport}-${lang}`);
      else await page.screenshot({ path: `test-results/screens/worksheet-conflict-${viewport}-${lang}.png`, animations: 'disabled' });

      // The clear button: a tab stop of its own after the box, labelled; it clears and returns focus.
      await page.keyboard.press('Tab');
      const clear = form(page).getByRole('button', { name: t.clear });
      await expect(clear).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(workType).toHaveValue('');
      await expect(workType).toBeFocused();
      await expect(workType).not.toHaveAttribute('aria-invalid', 'true');
      // Leave no draft behind for the next test of this user.
      await form(page)
        .getByRole('button', { name: lang === 'en' ? 'Reset' : 'Nulstil' })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: lang === 'en' ? 'Reset' : 'Nulstil' })
        .click();
      await expect(combo(page, t.job)).toHaveValue('');
    });
  }
}
