// The invoice carries the buyer's name and address in their script (decision 062): legible (poppler
// reports no broken font), in logical order in the text layer, at a bounded size with CJK.
import { describe, expect, it } from 'vitest';
import { letters, NAMES, pdfTextOf } from '../../lib/script-samples.ts';
import { lineOf, totalsOf } from './money.ts';
import { readablePdf } from './pdf.ts';
import { SELLER_PARTY } from './test-support.ts';

describe('the invoice PDF for every name', () => {
  it('the invoice carries the buyer’s name and address in their script', async () => {
    const lines = [
      lineOf({ description: `Gold ${NAMES.cyrillic} ${NAMES.greek}`, quantity: 1, unitPriceCents: 100_000 }, 0),
    ];
    const totals = totalsOf(lines);
    const bytes = await readablePdf({
      id: 1,
      number: 'RE-2026-0062',
      kind: 'invoice',
      invoiceDate: '2026-06-01',
      serviceDate: '2026-07-04',
      dueDate: '2026-06-15',
      language: 'de',
      treatment: 'not_taxable',
      vatRate: 0,
      snapshot: {
        seller: { ...SELLER_PARTY, name: NAMES.latin },
        buyer: {
          name: `${NAMES.japanese} ${NAMES.hebrew}`,
          street: NAMES.arabic,
          houseNumber: '3',
          postalCode: '04536',
          city: `${NAMES.korean} ${NAMES.chinese}`,
          country: 'KR',
          vatId: null,
          taxNumber: null,
          email: null,
        },
        lines,
        vatNote: null,
        bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: null },
        paymentTermDays: 14,
      },
      netCents: totals.netCents,
      vatCents: totals.vatCents,
      grossCents: totals.grossCents,
      sponsorshipId: 7,
    });
    const { text, complaints } = pdfTextOf(bytes);
    expect(complaints).toBe('');
    for (const name of Object.values(NAMES)) expect(letters(text)).toContain(letters(name));
    expect(text).toContain(NAMES.hebrew);
    expect(bytes.length).toBeLessThan(300_000);
  });
});
