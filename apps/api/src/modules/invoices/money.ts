// Invoice arithmetic in integer cents, as German invoices are computed: VAT per line with commercial
// rounding (half away from zero), the totals the sum of the lines (decision record 026). One place,
// used for drafts, issued invoices and their cancellations (negated line by line, so a cancellation
// is exactly the negative of the invoice it cancels).

export type LineInput = { description: string; quantity: number; unitPriceCents: number };
export type Line = LineInput & { netCents: number; vatRate: number; vatCents: number };
export type Totals = { netCents: number; vatCents: number; grossCents: number };

/** Commercial rounding of cents × percent / 100 to whole cents: half away from zero, exact in integers. */
export function vatOf(netCents: number, ratePercent: number): number {
  const scaled = BigInt(netCents) * BigInt(ratePercent);
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled * sign;
  const rounded = (abs + 50n) / 100n;
  return Number(rounded * sign);
}

export function lineOf(input: LineInput, ratePercent: number): Line {
  const netCents = input.quantity * input.unitPriceCents;
  if (!Number.isSafeInteger(netCents)) throw new RangeError('line amount out of range');
  return { ...input, netCents, vatRate: ratePercent, vatCents: vatOf(netCents, ratePercent) };
}

export function totalsOf(lines: readonly Line[]): Totals {
  const netCents = lines.reduce((sum, l) => sum + l.netCents, 0);
  const vatCents = lines.reduce((sum, l) => sum + l.vatCents, 0);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** The lines of a cancellation invoice: the same lines with negative quantities and amounts. */
export function negated(lines: readonly Line[]): Line[] {
  return lines.map((l) => ({ ...l, quantity: -l.quantity, netCents: -l.netCents, vatCents: -l.vatCents }));
}

/** Cents as a decimal string with two places (`-1234` → `-12.34`), for XML and the EPC QR code. */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents for reading: `1.234,56 €` (de) or `€1,234.56` (en). */
export function formatMoney(cents: number, language: 'de' | 'en'): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}
