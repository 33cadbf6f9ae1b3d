import { expect, test } from '@playwright/test';
import { PASSWORD, screenshot } from './helpers';

/** /api/docs (issue 13 point 4): the bundled renderer loads under the app's CSP, takes the API key and tries a call. */
test.setTimeout(90_000);
test('the API docs render locally, take the API key and try a call', async ({ page, request, baseURL }) => {
  const headers = { Origin: baseURL ?? '' };
  expect((await request.post('/api/user/login', { data: { username: 'admin', password: PASSWORD }, headers })).status()).toBe(200);
  const generated = await request.post('/api/account/generate-api-key', { data: {}, headers });
  expect(generated.status()).toBe(200);
  const body = (await generated.json()) as { apiKey?: string; key?: string } | string;
  const key = typeof body === 'string' ? body : (body.apiKey ?? body.key ?? '');
  expect(key.length).toBeGreaterThan(10);

  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    // Resource failures are checked by URL below (the favicon may be missing without a built client).
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
    // Swagger UI says "Could not find component" at warning level.
    if (m.type() === 'warning' && /could not find component/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('NS-Webtid API', { timeout: 30_000 });
  await page
    .getByRole('button', { name: /authorize/i })
    .first()
    .click();
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('input').first().fill(key);
  await dialog.locator('.auth-btn-wrapper button.authorize').first().click();
  await expect(dialog.getByText(/authorized/i).first()).toBeVisible();
  await dialog.locator('button.close-modal').click();

  // The tags start closed (docExpansion none): open the one that holds the call.
  // Every tag of the document is listed, down to the last one.
  const tags = ((await (await request.get('/api/openapi.json')).json()) as { tags: unknown[] }).tags;
  await expect(page.locator('.opblock-tag')).toHaveCount(tags.length);
  await page.locator('.opblock-tag[data-tag="auth"]').click();
  const op = page.locator('.opblock').filter({ has: page.getByRole('button', { name: /^GET \/api\/user\/info / }) });
  await op.getByRole('button', { name: /^GET \/api\/user\/info / }).click();
  await op.getByRole('button', { name: /try it out/i }).click();
  await op.getByRole('button', { name: /execute/i }).click();
  await expect(op.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200', { timeout: 20_000 });
  await expect(op.locator('.live-responses-table')).toContainText('Test A/S');
  await screenshot(page, 'api-docs-1366');

  // Issue 19 point 5: the create's example is real demo data and the server takes it as it is;
  // the multipart form shows the photos as file inputs.
  await page.locator('.opblock-tag[data-tag="worksheet"]').click();
  const create = page
    .locator('.opblock')
    .filter({ has: page.getByRole('button', { name: /^POST \/api\/worksheet / }) })
    .first();
  await create.getByRole('button', { name: /^POST \/api\/worksheet / }).click();
  await create.getByRole('button', { name: /try it out/i }).click();
  const example = create.locator('textarea.body-param__text');
  await expect(example).toContainText('"jobCode": "J-1001"');
  await expect(example).toContainText('"timeFrom": "07:00"');
  await create.getByRole('button', { name: /execute/i }).click();
  await expect(create.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('201', { timeout: 20_000 });
  await create.locator('select.content-type, .body-param-content-type select').first().selectOption('multipart/form-data');
  await expect(create.locator('input[type=file]').first()).toBeVisible();
  await create.locator('.opblock-section-request-body').screenshot({ path: 'test-results/screens/api-docs-create-multipart-1366.png', animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, 'api-docs-375');
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
