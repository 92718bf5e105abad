// CSV for spreadsheets as German offices open them: semicolons (Excel with a German locale reads a
// comma as the decimal separator), CRLF, a byte-order mark so UTF-8 umlauts survive, every field
// quoted, and a field that would start a formula defused (CSV injection, OWASP).

/** A field: quoted, quotes doubled, and a leading = + - @ tab or CR prefixed with ' unless it is a number. */
export const csvField = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The whole file: the header row (plain names) and the rows (fields quoted by csvField). */
export const csvDocument = (columns: readonly string[], rows: readonly string[][]) =>
  `\uFEFF${[columns.join(';'), ...rows.map((row) => row.map(csvField).join(';'))].join('\r\n')}\r\n`;
