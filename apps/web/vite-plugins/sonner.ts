// The two sonner plugins: its stylesheet without a run-time <style>, and sonner loaded on the first toast.
import type { Plugin } from 'vite';

/**
 * The server sends `style-src 'self'`, which blocks <style> elements created at run time.
 * sonner injects its stylesheet that way on import; its stylesheet is imported from
 * src/index.css instead, and this removes the injection from the production bundle.
 * The build fails loudly if a sonner upgrade changes the code this relies on.
 */
export function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sp:sonner-without-inline-style',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const replaced = code.replace(/^__insertCSS\(/m, 'void (');
      if (replaced === code) this.error('sonner no longer calls __insertCSS at top level; revisit vite-plugins/sonner.ts');
      return { code: replaced, map: null };
    },
  };
}

/**
 * sonner (~6 kB gzip) is loaded on the first toast, not with the first page: in the build, the
 * app's imports of 'sonner' resolve to src/components/ui/sonner.tsx, which loads it when a toast is
 * shown. The app's code and its tests import sonner directly (docs/decisions/006-bundle-budget.md).
 */
export function sonnerOnFirstToast(): Plugin {
  const wrapper = new URL('../src/components/ui/sonner.tsx', import.meta.url).pathname;
  return {
    name: 'sp:sonner-on-first-toast',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'sonner' || !importer || importer === wrapper || importer.includes('/node_modules/')) return null;
      return wrapper;
    },
  };
}
