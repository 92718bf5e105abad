// The shared package is declarations only: let the bundler drop what nothing imports.
import type { Plugin } from 'vite';

/**
 * The shared package is declarations only (schemas, limits): a module of it that nothing imports
 * may be dropped. Without this every import of '@sp/shared' runs (and ships) all its schemas.
 */
export function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'sp:shared-without-side-effects',
    apply: 'build',
    transform(_code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id)) return null;
      return { moduleSideEffects: false };
    },
  };
}
