// A test that logs console.error fails: such output is a bug that no assertion looked at.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const logged = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${logged.join('\n')}`);
  }
});
