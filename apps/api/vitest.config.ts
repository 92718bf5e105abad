import { defineConfig } from 'vitest/config';
import { TIMED_FILES, apiTestConfig } from './vitest.shared.ts';

export default defineConfig({
  test: { ...apiTestConfig, name: '@sp/api', exclude: ['**/node_modules/**', ...TIMED_FILES] },
});
