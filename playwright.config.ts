import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, SERVER_ENV } from './e2e/fixtures/env';

// Browser tests against the production build (`npm start` builds when there is none or the
// sources changed since) on a dedicated embedded PostgreSQL, wiped at the start of every run. Debian's Chromium
// is used as installed by apt: Playwright never downloads a browser here.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // The flows change shared records (statuses, reviews): one worker keeps them deterministic.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 900 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: 'rm -rf .data/e2e-postgres .data/e2e-attachments && npm start',
    url: `${BASE_URL}/services/crm/health`,
    env: SERVER_ENV,
    reuseExistingServer: false,
    // A first run builds the app (a few minutes on two cores).
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
