// `npm run screenshots` (scripts/screenshots.mjs): the e2e suite's server and browser, with the
// front door's screen spec instead of the tests (decision 073). One worker: the two worlds are small.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  projects: [{ name: 'screenshots', use: base.projects?.[0]?.use ?? {} }],
});
