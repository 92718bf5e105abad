// The readable invoice's address block as poppler's pdftotext reads it: a buyer abroad gets the
// country's name in capitals as the last address line (never the ISO code), a domestic one none.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lineOf, totalsOf } from './money.ts';
import { readablePdf, type ReadableInput } from './pdf.ts';
import type { InvoiceParty } from './snapshot.ts';
import { SELLER_PARTY } from './test-support.ts';

const seller = SELLER_PARTY;
const swissBuyer: InvoiceParty = {
  name: 'Käserei Alpenblick AG',
  street: 'Seestrasse',
  houseNumber: '8',
  postalCode: '8001',
  city: 'Zürich',
  country: 'CH',
  vatId: null,
  taxNumber: null,
  email: null,
};
const germanBuyer: InvoiceParty = {
  ...swissBuyer,
  name: 'Müller Getränke GmbH',
  postalCode: '50667',
  city: 'Köln',
  country: 'DE',
};

function input(buyer: InvoiceParty, language: 'de' | 'en'): ReadableInput {
  const lines = [lineOf({ description: 'Gold', quantity: 1, unitPriceCents: 100_000 }, 0)];
  const totals = totalsOf(lines);
  return {
    id: 1,
    number: 'RE-2026-0001',
    kind: 'invoice',
    invoiceDate: '2026-06-01',
    serviceDate: '2026-07-04',
    dueDate: '2026-06-15',
    language,
    treatment: 'not_taxable',
    vatRate: 0,
    snapshot: {
      seller,
      buyer,
      lines,
      vatNote: null,
      bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: null },
      paymentTermDays: 14,
    },
    netCents: totals.netCents,
    vatCents: totals.vatCents,
    grossCents: totals.grossCents,
    sponsorshipId: 7,
  };
}

const textOf = async (pdf: Promise<Uint8Array>) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await pdf), encoding: 'utf8' });

describe('the invoice PDF address block', () => {
  it.each([
    ['de', 'SCHWEIZ', 'Deutschland'],
    ['en', 'SWITZERLAND', 'Germany'],
  ] as const)(
    'names a buyer abroad by country, in capitals, and the seller’s country too (%s)',
    async (language, buyerCountry, sellerCountry) => {
      const lines = (await textOf(readablePdf(input(swissBuyer, language)))).split('\n');
      const city = lines.findIndex((line) => line.includes('8001 Zürich'));
      expect(lines[city + 1]?.trim().split(/\s{2,}/)[0]).toBe(buyerCountry);
      expect(lines.join('\n')).toContain(sellerCountry);
      expect(lines.some((line) => /(^|\s)CH(\s|$)/.test(line))).toBe(false);
    },
  );

  it('prints no country for a buyer in the seller’s own country', async () => {
    const text = await textOf(readablePdf(input(germanBuyer, 'de')));
    expect(text).toContain('50667 Köln');
    expect(text).not.toMatch(/DEUTSCHLAND|Deutschland|(^|\s)DE(\s|$)/m);
  });
});
