// The decision records have two indexes, one line each: docs/decisions/README.md (where the records
// are) and the table in docs/architecture.md (the newcomer's map). Both must name every record, by
// its number and its own title, and nothing else, so neither drifts when a record is added.
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

describe.each(['docs/decisions/README.md', 'docs/architecture.md'])('the decision index in %s', (file) => {
  it('lists every record once, with its title and a status, and no record that does not exist', () => {
    const rows = indexRows(file);
    expect(rows.map((row) => row.number)).toEqual(records.map((record) => record.number));
    for (const record of records) {
      const row = rows.find((candidate) => candidate.number === record.number)!;
      expect(row.rest, `${record.file} in ${file}`).toContain(record.title);
      expect(row.rest, `${record.file} in ${file}`).toMatch(/\|\s*(current|superseded by \d{3})\s*\|\s*$/);
    }
  });
});
