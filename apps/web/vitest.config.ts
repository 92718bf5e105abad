import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeGroups } from './vite-plugins/locale-groups.ts';
import { tailwindMergeConfig } from './vite-plugins/tailwind-merge-config.ts';

export default defineConfig({
  plugins: [localeGroups(), tailwindMergeConfig(), react()],
  define: { global: 'globalThis' },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Two test files run at a time on CI's two cores (decision 092), and jsdom rendering is CPU work: a
    // slow moment must not fail a right screen. A wrong screen still fails, only later.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
