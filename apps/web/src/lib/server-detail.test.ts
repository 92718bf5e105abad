// A server's English `detail` never reaches the screen: only the error plumbing reads it, and every
// screen shows an error through getErrorMessage (the code's translation). This reads the sources.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
/** `error.detail`, `query.error?.detail`, `(error as ApiError).detail`, `cause.detail`, ... */
const SERVER_DETAIL = /(?:[eE]rror|err|cause)\)?\??\.detail\b/;
/** The error plumbing: where the detail is parsed and kept for logs. */
const PLUMBING = ['lib/api-error.ts', 'lib/api-client.ts', 'lib/file-transfer.ts', 'lib/wire-checks.ts'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('server error texts', () => {
  it('are read only by the error plumbing, never by a screen', () => {
    const readers = sources(src)
      .filter((file) => !PLUMBING.includes(path.relative(src, file).split(path.sep).join('/')))
      .filter((file) => SERVER_DETAIL.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(readers).toEqual([]);
  });

  it('show through the code, not the message of an ApiError', () => {
    const api = fs.readFileSync(path.join(src, 'lib/api-error.ts'), 'utf8');
    expect(api).toContain('super(code, options)');
    expect(api).not.toMatch(/return error\.(message|detail)/);
  });
});
