import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium (no browser downloads here) against the
// production build on its own port and its own fresh SQLite database.
// E2E_PORT lets two checkouts run their suites side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const BASE_URL = `http://localhost:${PORT}`
const MAILBOX_PORT = String(PORT + 99)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  // Under CI the whole suite (with its private servers and the two-instance servers) shares
  // two cores; a test that fails once there gets one more run, and is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous: the suite shares two cores with the app server and Chromium.
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Visual regression baselines (tests/e2e/visual.spec.ts), one folder per spec, no platform
    // suffix: the suite runs only in Debian's Chromium on Linux.
    toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}' },
  },
  reporter: [['list'], ['json', { outputFile: '.cache/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/app-server.ts',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      BASE_URL,
      DATABASE_URL: `file:.cache/e2e-${PORT}/shop.db`,
      E2E_MAILBOX_PORT: MAILBOX_PORT,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'e2e-metrics-token-0123456789',
    },
  },
})
