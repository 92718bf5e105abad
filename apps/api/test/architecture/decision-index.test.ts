// The decision records have one index, a line each: docs/decisions/README.md (issue 56: "one decision
// index"). It names every record by its number, its own title and its status (current, superseded by
// N), and nothing else; docs/architecture.md links to it instead of keeping a copy that drifts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const decisionsDir = path.join(root, 'docs/decisions');

const records = fs
  .readdirSync(decisionsDir)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort()
  .map((file) => {
    const heading = fs.readFileSync(path.join(decisionsDir, file), 'utf8').split('\n')[0] ?? '';
    const match = /^# (\d{3}) (.+)$/.exec(heading);
    if (!match) throw new Error(`${file}: the first line must be "# NNN Title"`);
    return { file, number: match[1]!, title: match[2]!.trim() };
  });

/** Table rows of an index: the number in the first cell, the rest of the row as text. */
function indexRows(file: string) {
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((line) => /^\|\s*(\d{3})\s*\|(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ number: match[1]!, rest: match[2]! }));
}

describe.each(['docs/decisions/README.md'])('the decision index in %s', (file) => {
  it('lists every record once, with its title and a status, and no record that does not exist', () => {
    const rows = indexRows(file);
    expect(rows.map((row) => row.number)).toEqual(records.map((record) => record.number));
    for (const record of records) {
      const row = rows.find((candidate) => candidate.number === record.number)!;
      expect(row.rest, `${record.file} in ${file}`).toContain(record.title);
      expect(row.rest, `${record.file} in ${file}`).toMatch(/\|\s*(current|superseded by \d{3})\s*\|\s*$/);
      // The record's own Status line says the same.
      const status = /\|\s*(current|superseded by \d{3})\s*\|\s*$/.exec(row.rest)![1]!;
      const text = fs.readFileSync(path.join(decisionsDir, record.file), 'utf8');
      expect(/^(?:Date: [\d-]+\. )?Status: (current|superseded by \d{3})/m.exec(text)?.[1], record.file).toBe(status);
    }
  });
});

describe('docs/architecture.md', () => {
  it('links to the one index and keeps no copy of it', () => {
    expect(indexRows('docs/architecture.md')).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')).toContain('decisions/README.md');
  });
});
