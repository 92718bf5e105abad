// The API's two test projects (decision 092). `@sp/api` runs beside the other workspaces' tests, two
// files at a time; `@sp/api-timed` holds the files whose assertions are about time or resources under
// load of their own making (child servers under load, garbage collection, crash and shutdown timing,
// probes measured while large bodies arrive, staleness bounds), and runs after every other project,
// one file at a time, so that no other test file competes with what they measure.
import type { ViteUserConfig } from 'vitest/config';

/** Files measured against the clock or the process's resources: run alone, after the rest. */
export const TIMED_FILES = [
  'test/runtime/**/*.test.ts',
  'test/security/crash-safety.test.ts',
  'test/security/abuse-limits.test.ts',
  'test/security/binary-bodies.test.ts',
  'test/security/body-limits.test.ts',
  'test/security/verify-limit.test.ts',
  'test/read-cache-*.test.ts',
  // The event loop's longest pause while eight invoices are issued on the document pool (decision 093).
  'src/modules/invoices/pool.test.ts',
];

export const apiTestConfig = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['./test/setup.ts'],
  // The migrations run once per project into templates that each test file's database is copied from.
  globalSetup: ['./test/template-databases.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
