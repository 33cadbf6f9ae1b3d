import { defineConfig, devices } from '@playwright/test';

// Several people may run e2e at once on one machine: E2E_PORT and E2E_OUTPUT_DIR keep runs apart.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests against the built app (npm run build first) on a fresh embedded database.
 * The browser is the system Chromium, never a downloaded one; if it is missing the run fails.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx tests/e2e/start-server.ts',
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
