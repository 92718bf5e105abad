// Vitest configuration of the bundle-size budget (scripts/bundle-budget.test.ts): it needs the web
// build, so scripts/test.mjs runs it after building, outside the workspace projects. The tests of
// the benchmark's own instruments (scripts/bench/*.test.ts) run with it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bundle-budget.test.ts', 'bench/*.test.ts'],
  },
});
