import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/setup.ts'],
    // The migrations run once per run into templates that each test file's database is copied from.
    globalSetup: ['./test/template-databases.ts'],
  },
});
