// Browser tests against a production build started like `npm start`, on a temporary data directory,
// in Debian's Chromium (never a downloaded browser).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3123);
// Set once in the runner process so that the workers (which inherit the environment) agree.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
process.env.E2E_BASE_URL ??= `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  // Two specs at a time (one per core): each makes its own users, organisations and invitation codes,
  // and reads the mailbox only for its own addresses; a job a spec runs (the payment reminders) is
  // scoped to its own organisation (decision 092). A spec's tests stay in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, '.reports/e2e.json') }],
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: process.env.E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      MAILBOX_TOKEN: 'e2e-mailbox-token',
      // The wall's counts are written every half second, so its figures show soon after a visit.
      WALL_STATS_FLUSH_MS: '500',
      // webhooks.spec.ts's receiver listens on 127.0.0.1: the operator's switch for receivers in the own network.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      // Every test user signs up from 127.0.0.1: the identity provider's limits per address
      // (decision 016) are raised far above what the suites do; their own tests are in apps/api.
      RATE_LIMIT_SIGN_IN_FAILURES: '1000/900',
      RATE_LIMIT_SIGN_UPS: '1000/3600',
      RATE_LIMIT_FORGOT_PASSWORD: '1000/3600',
      RATE_LIMIT_CODE_SUBMISSIONS: '1000/900',
      // The same for uploads: week-before.spec and readiness-board.spec each upload forty signed agreements
      // from this address, and two specs run at once (their limits are tested in apps/api).
      RATE_LIMIT_UPLOADS: '2000/60',
      RATE_LIMIT_UPLOAD_MB: '2000/60',
    },
  },
});
