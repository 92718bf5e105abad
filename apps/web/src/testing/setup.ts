import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { initI18n } from '@/lib/i18n';

// jsdom lays nothing out: cmdk's list measures its height with a ResizeObserver and scrolls the
// highlighted option into view; in the browser both exist, here they do nothing.
if (typeof window !== 'undefined') {
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView(): void {};
}

// findBy… and waitFor wait up to 5 s, not 1 s: two test files share CI's two cores (decision 092).
configure({ asyncUtilTimeout: 5_000 });

// A test that logs console.error fails: React warnings and unexpected errors must not pass silently.
const originalError = console.error;
let errors: unknown[][] = [];

beforeAll(async () => {
  await initI18n('de');
});

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
});

afterEach(async () => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  await initI18n('de');
  console.error = originalError;
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
