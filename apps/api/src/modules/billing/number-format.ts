// Invoice number formats: literal text with {YYYY}, {YY}, {MM} (of the invoice date) and exactly one
// {N…} counter, zero-padded to the count of N (`RE-{YYYY}-{NNNN}` → `RE-2026-0042`).
const COUNTER = /\{(N+)\}/g;
const PLACEHOLDER = /\{([A-Z]+)\}/g;
const KNOWN = new Set(['YYYY', 'YY', 'MM']);

export function isValidNumberFormat(format: string): boolean {
  if ([...format.matchAll(COUNTER)].length !== 1) return false;
  for (const [, name] of format.matchAll(PLACEHOLDER)) if (!KNOWN.has(name!) && !/^N+$/.test(name!)) return false;
  return !/[{}]/.test(format.replace(PLACEHOLDER, ''));
}

/** The number for counter value `n` and invoice date `day` (YYYY-MM-DD). */
export function formatNumber(format: string, n: number, day: string): string {
  return format
    .replace(COUNTER, (_, ns: string) => String(n).padStart(ns.length, '0'))
    .replace('{YYYY}', day.slice(0, 4))
    .replace('{YY}', day.slice(2, 4))
    .replace('{MM}', day.slice(5, 7));
}
