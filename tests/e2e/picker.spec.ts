import { expect, test } from '@playwright/test';
import { login, VIEWPORTS } from './helpers';

/*
 * Issue 9 point 4: the unit picker asks the server as the user types (debounced, with a limit),
 * shows "no matches" as a status outside the listbox, and choosing a match works as before
 * (unit of measure auto-selected, description prefilled, the label kept).
 */
test('the item picker searches on the server as you type, and choosing works', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'admin');
  const form = page.locator('form.ws-form');
  await expect(form).toBeVisible();
  await form.getByText('Item', { exact: true }).click();
  const unit = page.getByRole('combobox', { name: 'Unit', exact: true });

  const searched = page.waitForRequest((req) => {
    const url = decodeURIComponent(req.url());
    return url.includes('/api/trpc/') && url.includes('item.search') && url.includes('"q":"copper"') && url.includes('"limit":50');
  });
  await unit.click();
  await unit.fill('copper');
  await searched;
  const listbox = page.getByRole('listbox', { name: 'Unit', exact: true });
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await expect(listbox.getByRole('option', { name: /1200/ })).toBeVisible();

  // Nothing matches: a status says so, and the listbox holds no option (only options belong in it).
  await unit.fill('zzzz-none');
  await expect(page.getByRole('status').filter({ hasText: 'No matches' })).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveCount(0);

  await unit.fill('copper');
  await listbox.getByRole('option', { name: /1200/ }).click();
  await expect(unit).toHaveValue(/1200 · Copper pipe 15 mm/);
  await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/^M/);
  await expect(page.getByLabel('Description')).toHaveValue('Copper pipe 15 mm');
  // Re-opening (the list is queried again without text) keeps the chosen value and its label.
  await unit.click();
  await page.keyboard.press('Escape');
  await expect(unit).toHaveValue(/1200 · Copper pipe 15 mm/);
});
