import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pick, screenshot, VIEWPORTS } from './helpers';
import { readyForOffline } from './offline-helpers';

/*
 * Issue 22 §7 "Done when": a test kills the server, brings it back, and the list and the outbox
 * recover with no user action. This spec runs a server process of its own (tests/e2e/start-server.ts
 * on a port and data directory of its own), so stopping it disturbs no other spec: it is killed
 * with SIGKILL (no goodbye to anyone), and a new process starts on the same port and data.
 * worksheet-recovery.spec.ts covers the same with the API refused by page routing (and "Retry").
 */

const PASSWORD = 'Test-pass-1';
const stamp = Date.now().toString(36);

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

interface OwnServer {
  child: ChildProcess;
  output: () => string;
}

/** Starts tests/e2e/start-server.ts on `port` with `dataDir`; resolves once it is ready. */
async function startOwnServer(port: number, dataDir: string): Promise<OwnServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/start-server.ts'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!output.includes('e2e server ready')) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() - started > 120_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

function kill(server: OwnServer): Promise<void> {
  return new Promise((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return done();
    server.child.once('exit', () => done());
    server.child.kill('SIGKILL');
  });
}

let port = 0;
let dataDir = '';
let server: OwnServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'webtid-e2e-restart-'));
  server = await startOwnServer(port, dataDir);
});

test.afterAll(async () => {
  if (server) await kill(server);
});

async function loginAt(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#main h1')).toBeVisible();
}

test('the server process killed and started again: the list and the outbox recover by themselves', async ({ browser }) => {
  test.setTimeout(240_000);
  const base = `http://127.0.0.1:${port}`;
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORTS.desktop, locale: 'en-GB' });
  const page = await context.newPage();
  try {
    await loginAt(page, base, 'other');
    // The service worker keeps the app shell, so the page opens again while the server is gone.
    await readyForOffline(page, 'other');
    const description = `Restart ${stamp}`;
    const form = page.locator('form.ws-form');
    await form.getByText('Item', { exact: true }).click();
    await pick(page, 'Job', '1002', /J-1002/);
    await pick(page, 'Unit', '1300', /1300/);
    await expect(page.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue(/BAG/);
    await form.getByLabel('Quantity').fill('4');
    await form.getByLabel('Description').fill(description);

    // The server process dies.
    await kill(server!);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Saved on this device; it will be sent when the connection returns')).toBeVisible();
    const outbox = page.locator('#outbox');
    await expect(outbox.getByTestId('outbox-item')).toContainText(description);
    await expect(outbox.getByText('The server did not answer. Trying again by itself…')).toBeVisible();

    // Opened again while it is down: the list cannot load and says so.
    await page.reload();
    await expect(page.getByText('Your entries on the server show here when the connection returns.')).toBeVisible({ timeout: 30_000 });
    await expect(outbox.getByTestId('outbox-item')).toContainText(description);
    await screenshot(page, 'worksheet-restart-down-1366-en');

    // A new server process on the same port and data. Nobody touches the page.
    server = await startOwnServer(port, dataDir);
    await expect(page.getByText('1 entry sent')).toBeVisible({ timeout: 60_000 });
    await expect(outbox.getByTestId('outbox-item')).toHaveCount(0);
    await expect(page.locator('[data-entry-id]').filter({ hasText: description })).toHaveCount(1);
    await expect(page.getByText('Your entries on the server show here when the connection returns.')).toHaveCount(0);
    // Still logged in: the session lives in the database, not in the process.
    await expect(page).toHaveURL(`${base}/`);
    await screenshot(page, 'worksheet-restart-back-1366-en');
  } finally {
    await context.close();
  }
});
