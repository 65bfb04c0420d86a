import {defineConfig, devices} from '@playwright/test';
import {STUB_ORIGINS} from './tests/e2e/time-stub';
import {portFromEnv} from './scripts/lib/port';

/** Browser tests run Debian's Chromium against the production build served by the production nginx config. */
// E2E_PORT rather than PORT: a writer's own server on PORT (npm start) stays up while the tests run.
const port = portFromEnv(process.env, 4173, 'E2E_PORT');
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never', outputFolder: 'playwright-report'}]],
  timeout: 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    // The try-it form may call only the tests' stub Time servers (tests/e2e/time-stub.ts), so the
    // tests see both a call that is allowed and one the policy blocks (the stub named localhost).
    command: `TRY_IT_ORIGINS='${STUB_ORIGINS}' PORT=${port} npm run serve:nginx`,
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
