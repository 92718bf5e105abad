import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * The server sends `style-src 'self'`, which blocks <style> elements created at run time.
 * sonner injects its stylesheet that way on import; its stylesheet is imported from
 * src/index.css instead, and this removes the injection from the production bundle.
 * The build fails loudly if a sonner upgrade changes the code this relies on.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sp:sonner-without-inline-style',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const replaced = code.replace(/^__insertCSS\(/m, 'void (');
      if (replaced === code) this.error('sonner no longer calls __insertCSS at top level; revisit vite.config.ts');
      return { code: replaced, map: null };
    },
  };
}

/**
 * The shared package is declarations only (schemas, limits): a module of it that nothing imports
 * may be dropped. Without this every import of '@sp/shared' runs (and ships) all its schemas.
 */
function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'sp:shared-without-side-effects',
    apply: 'build',
    transform(_code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id)) return null;
      return { moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    sharedWithoutSideEffects(),
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyle(),
  ],
  define: {
    // amazon-cognito-identity-js reads `global`; without this the page stays blank.
    global: 'globalThis',
  },
  resolve: {
    alias: {
      '@': new URL('./src', import.meta.url).pathname,
      // Radix's scroll lock injects a <style> element; this replacement uses constructable
      // stylesheets, which a strict style-src allows (see src/lib/csp-style-singleton.ts).
      'react-style-singleton': new URL('./src/lib/csp-style-singleton.ts', import.meta.url).pathname,
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/identity': apiTarget,
      '/config.json': apiTarget,
      '/dev': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph the bundle-size budget and the benchmark follow
    // from each route to the files it loads (scripts/bench/bundle.mjs).
    manifest: true,
  },
});
