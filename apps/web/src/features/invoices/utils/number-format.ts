// The live example beside the invoice number format field: the same placeholders the server fills
// ({YYYY}, {YY}, {MM} and one {N…}, the counter padded to the count of N; decision 026).

const PLACEHOLDER = /\{(YYYY|YY|MM|N+)\}/g;

export type NumberFormatProblem = 'empty' | 'counter-missing' | 'counter-twice' | 'unknown-placeholder';

/** Why the format cannot number invoices, or null when it can. */
export function numberFormatProblem(format: string): NumberFormatProblem | null {
  const text = format.trim();
  if (!text) return 'empty';
  const counters = text.match(/\{N+\}/g)?.length ?? 0;
  if (counters === 0) return 'counter-missing';
  if (counters > 1) return 'counter-twice';
  if (/[{}]/.test(text.replace(PLACEHOLDER, ''))) return 'unknown-placeholder';
  return null;
}

/** The number the format gives the `counter`-th invoice on `date`; null when the format has a problem. */
export function exampleNumber(format: string, counter: number, date: Date): string | null {
  if (numberFormatProblem(format) !== null) return null;
  const year = String(date.getFullYear());
  return format.trim().replace(PLACEHOLDER, (_match, token: string) => {
    if (token === 'YYYY') return year;
    if (token === 'YY') return year.slice(2);
    if (token === 'MM') return String(date.getMonth() + 1).padStart(2, '0');
    return String(counter).padStart(token.length, '0');
  });
}
