// Modules the server needs only for a rare request are imported on first use, not at start, so an
// idle server does not hold them (decision 016's amendment: the password-strength word lists are
// about 7 MB of the heap). A static import anywhere in the server brings them back at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const LOADED_ON_FIRST_USE = ['@sp/shared/password-strength', '@zxcvbn-ts/'];

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('imports loaded on first use', () => {
  it('are never imported statically by the server', () => {
    const staticImports = serverFiles(src).flatMap((file) => {
      const code = fs.readFileSync(file, 'utf8');
      return [...code.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)]
        .map((match) => match[1]!)
        .filter((specifier) => LOADED_ON_FIRST_USE.some((lazy) => specifier.startsWith(lazy)))
        .map((specifier) => `${path.relative(src, file)}: ${specifier}`);
    });
    expect(staticImports).toEqual([]);
  });

  it('the password-strength check is imported where a new password is judged', () => {
    const code = fs.readFileSync(path.join(src, 'identity/password-strength.ts'), 'utf8');
    expect(code).toContain("await import('@sp/shared/password-strength')");
  });
});
