// CSV for spreadsheets as German offices open them: semicolons (Excel with a German locale reads a
// comma as the decimal separator), CRLF, a byte-order mark so UTF-8 umlauts survive, every field
// quoted, and a field that a spreadsheet could read as a formula defused (CSV injection, OWASP).
// Every CSV the product writes goes through csvDocument (lib/csv.test.ts checks that no other file
// joins fields itself).

/** A plain number as the exports write them (`-12.34`, `19`, `+5`): left as it is, so it stays a number. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * Starts a formula in some spreadsheet: = + - @ (also in their full-width forms, which some
 * locales' spreadsheets read alike), or a tab or carriage return before anything, and the same after
 * leading white space or line breaks, which spreadsheets skip before looking for a formula.
 */
const FORMULA_START = /^[\t\r]|^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Whether a cell must be defused: it could start a formula and is not a plain number. */
export const startsFormula = (value: string) => FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);

/** A field: quoted, quotes doubled, and a cell that could start a formula prefixed with ' (OWASP). */
export const csvField = (value: string) => `"${(startsFormula(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The whole file: the header row (plain names) and the rows (fields quoted by csvField). */
export const csvDocument = (columns: readonly string[], rows: readonly string[][]) =>
  `\uFEFF${[columns.join(';'), ...rows.map((row) => row.map(csvField).join(';'))].join('\r\n')}\r\n`;
