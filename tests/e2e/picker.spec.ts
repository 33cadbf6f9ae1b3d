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

/*
 * Customers and jobs are searched on the server too, and spec §4 still holds: a chosen customer
 * filters the jobs the server answers by bill-to customer; a single remaining job is chosen;
 * clearing the job clears the customer.
 */
test('the job picker searches on the server within the chosen customer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await login(page, 'basic');
  await expect(page.locator('form.ws-form')).toBeVisible();
  const customer = page.getByRole('combobox', { name: 'Customer', exact: true });
  const job = page.getByRole('combobox', { name: 'Job', exact: true });

  await customer.click();
  await customer.fill('nordhavn');
  await page.getByRole('listbox', { name: 'Customer' }).getByRole('option', { name: /C1000/ }).click();
  await expect(customer).toHaveValue(/C1000 · Nordhavn Byg ApS/);
  // Two jobs are billed to C1000: none is chosen for the user.
  await expect(job).toHaveValue('');

  const searched = page.waitForRequest((req) => {
    const url = decodeURIComponent(req.url());
    return url.includes('/api/trpc/') && url.includes('job.search') && url.includes('"q":"J-"') && url.includes('"customerNo":"C1000"') && url.includes('"limit":50');
  });
  await job.click();
  await job.fill('J-');
  await searched;
  const jobs = page.getByRole('listbox', { name: 'Job', exact: true });
  await expect(jobs.getByRole('option')).toHaveCount(2);
  await expect(jobs.getByRole('option', { name: /J-1001/ })).toBeVisible();
  await expect(jobs.getByRole('option', { name: /J-1002/ })).toBeVisible();
  await job.fill('roof');
  await expect(jobs.getByRole('option')).toHaveCount(1);
  await jobs.getByRole('option', { name: /J-1002/ }).click();
  await expect(job).toHaveValue(/J-1002 · New roof, warehouse/);
  await expect(customer).toHaveValue(/C1000/);
  // Re-opening (the list is queried again without text) keeps the chosen job and its label.
  await job.click();
  await page.keyboard.press('Escape');
  await expect(job).toHaveValue(/J-1002 · New roof, warehouse/);

  // Clearing the job clears the customer; a customer with a single job gets that job.
  await job.fill('');
  await job.blur();
  await expect(customer).toHaveValue('');
  await customer.click();
  await customer.fill('C2000');
  await page.getByRole('listbox', { name: 'Customer' }).getByRole('option', { name: /C2000/ }).click();
  await expect(job).toHaveValue(/J-2001 · Bathroom, block 4/);
});
