import { defineConfig } from 'vitest/config';
import { TIMED_FILES, apiTestConfig } from './vitest.shared.ts';

// After every other project (group 0), one file at a time: see vitest.shared.ts.
export default defineConfig({
  test: { ...apiTestConfig, name: '@sp/api-timed', include: TIMED_FILES, maxWorkers: 1, sequence: { groupOrder: 1 } },
});
