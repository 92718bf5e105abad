import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on CI's two cores: Vitest's default on two cores is one (cores - 1),
    // while most files wait on PostgreSQL, SQLite or a child server for much of their time (decision 092).
    maxWorkers: 2,
    projects: ['packages/shared', 'apps/api/vitest.config.ts', 'apps/api/vitest.timed.config.ts', 'apps/web'],
  },
});
