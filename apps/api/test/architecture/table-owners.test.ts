// One owner per table: lists, from the source, which part of the API writes (insert, update, delete)
// each table, and fails when a second one does. A part is a module (modules/<name>), the identity
// provider, or a port (ports/<name>). Others read freely, and change a table only through its owner.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'([a-z_]+)(?: as [a-z_]+)?'/g;
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s/gi;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/(\.test|test-support|test-server)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** modules/chat/repository.ts -> modules/chat; identity/x.ts -> identity; lib/x.ts -> lib. */
function ownerOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if ((parts[0] === 'modules' || parts[0] === 'ports') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

export function tableWriters(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  const note = (table: string, owner: string) => {
    if (!writers.has(table)) writers.set(table, new Set());
    writers.get(table)!.add(owner);
  };
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(WRITE)) note(match[2]!, ownerOf(file));
    // Raw SQL inside sql`...` templates.
    for (const template of text.matchAll(/sql`([^`]*)`/g)) {
      for (const match of template[1]!.matchAll(RAW_WRITE)) note(match[1]!.toLowerCase(), ownerOf(file));
    }
  }
  return writers;
}

describe('table owners', () => {
  const writers = tableWriters();

  it('finds the writers of the tables (the scan works)', () => {
    expect(writers.get('sponsorships')).toEqual(new Set(['modules/sponsorships']));
    expect(writers.get('event_files')).toEqual(new Set(['modules/files']));
    expect(writers.size).toBeGreaterThan(15);
  });

  it('has exactly one writing part per table', () => {
    const shared = [...writers]
      .filter(([, owners]) => owners.size > 1)
      .map(([table, owners]) => `${table}: ${[...owners].join(', ')}`);
    expect(shared).toEqual([]);
  });
});
