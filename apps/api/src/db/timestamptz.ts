// A faster reader of PostgreSQL's `timestamptz` text (`2026-11-26 09:55:59.123456+00`), the form
// every timestamp column answers in. pg's own parser (postgres-date) runs four regular expressions
// per value; reading the conversation list of 150 rows after every chat post, that was 6 % of the
// server under the mixed load (decision 033). Anything not in that exact form (BC dates, infinity,
// years past 9999, seconds in the offset) goes to pg's parser.
const ZERO = 48;

/** The digits of `text` from `start` to `end` as a number; NaN when one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}

export function parseTimestamptz(text: string, fallback: (text: string) => unknown): unknown {
  if (
    text.length < 22 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== ' ' ||
    text[13] !== ':' ||
    text[16] !== ':'
  )
    return fallback(text);
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    const start = ++at;
    while (at < text.length && text.charCodeAt(at) >= ZERO && text.charCodeAt(at) <= ZERO + 9) at++;
    const fraction = text.slice(start, at);
    if (fraction.length === 0 || fraction.length > 6) return fallback(text);
    // Milliseconds, truncated as Date keeps them.
    ms = digits(fraction.padEnd(3, '0'), 0, 3);
  }
  const sign = text[at];
  if (sign !== '+' && sign !== '-') return fallback(text);
  const rest = text.length - at - 1;
  if (rest !== 2 && !(rest === 5 && text[at + 3] === ':')) return fallback(text);
  const offsetMinutes = digits(text, at + 1, at + 3) * 60 + (rest === 5 ? digits(text, at + 4, at + 6) : 0);
  const utc = Date.UTC(
    digits(text, 0, 4),
    digits(text, 5, 7) - 1,
    digits(text, 8, 10),
    digits(text, 11, 13),
    digits(text, 14, 16),
    digits(text, 17, 19),
    ms,
  );
  const year = digits(text, 0, 4);
  // Date.UTC reads years 0-99 as 1900-1999.
  if (Number.isNaN(utc) || Number.isNaN(offsetMinutes) || year < 100) return fallback(text);
  return new Date(utc - (sign === '+' ? 1 : -1) * offsetMinutes * 60_000);
}
