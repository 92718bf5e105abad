// What an invoice is made from, frozen with it (ARCHITECTURE.md: a later change of master data never
// changes an issued document), and the VAT rules that decide its treatment (decision record 026).
import type { VatTreatment } from '@sp/shared';
import type { Line } from './money.ts';

export type InvoiceParty = {
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
  taxNumber: string | null;
  email: string | null;
  phone?: string | null;
};

export type InvoiceSnapshot = {
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: Line[];
  vatNote: string | null;
  bank: { iban: string; bic: string; bankName: string | null };
  paymentTermDays: number;
  /** The original's number and date, on a cancellation invoice. */
  cancels?: { number: string; date: string } | null;
};

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/**
 * Reverse charge for a business buyer in another EU country with a VAT id: the service is supplied
 * where the buyer is (§ 3a (2) UStG), the buyer owes the VAT (Art. 196 VAT directive), and the
 * invoice must say "Steuerschuldnerschaft des Leistungsempfängers" (§ 14a (1) and (5) UStG).
 * (§ 13b UStG is the rule for the opposite direction: a German buyer of a foreign business.)
 */
export const isReverseCharge = (buyer: { country: string; vatId: string | null }) =>
  buyer.country !== 'DE' && EU.has(buyer.country) && !!buyer.vatId;

/**
 * A buyer outside the EU is supplied where it is: sponsoring is an advertising service, so its place
 * of supply is the buyer's seat for a business (§ 3a (2) UStG) and, for a private person living in a
 * third country, their residence (§ 3a (4) sentence 2 no. 2 UStG). Not taxable in Germany either way,
 * with or without a VAT id (decision record 026).
 */
export const isOutsideEu = (buyer: { country: string }) => !EU.has(buyer.country);

export function treatmentOf(
  settings: { small_business: boolean; default_vat_rate: number },
  buyer: { country: string; vatId: string | null },
): { treatment: VatTreatment; rate: number } {
  if (settings.small_business) return { treatment: 'small_business', rate: 0 };
  if (isReverseCharge(buyer)) return { treatment: 'reverse_charge', rate: 0 };
  if (isOutsideEu(buyer)) return { treatment: 'not_taxable', rate: 0 };
  return settings.default_vat_rate === 0
    ? { treatment: 'zero_rated', rate: 0 }
    : { treatment: 'standard', rate: settings.default_vat_rate };
}

const NOTES = {
  de: {
    small_business: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).',
    reverse_charge:
      'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge): nicht im Inland steuerbare Leistung (§ 3a Abs. 2 UStG), die Steuer schuldet der Leistungsempfänger (Art. 196 MwStSystRL).',
    not_taxable:
      'Nicht im Inland steuerbare Leistung: Der Ort der Leistung liegt am Sitz oder Wohnsitz des Leistungsempfängers außerhalb der EU (§ 3a Abs. 2 bzw. Abs. 4 Satz 2 Nr. 2 UStG).',
  },
  en: {
    small_business: 'No VAT is charged under the small business rule (§ 19 UStG).',
    reverse_charge:
      'Reverse charge (Steuerschuldnerschaft des Leistungsempfängers): not taxable in Germany (§ 3a (2) UStG), the recipient is liable for VAT (Art. 196 Directive 2006/112/EC).',
    not_taxable:
      'Not subject to German VAT (nicht im Inland steuerbare Leistung): the place of supply is where the recipient is established or resides, outside the EU (§ 3a (2) and (4) sentence 2 no. 2 UStG).',
  },
} as const;

/** The legal note printed on the invoice and carried as the VAT exemption reason of the e-invoice. */
export function vatNoteOf(treatment: VatTreatment, language: 'de' | 'en', zeroRateReason: string | null) {
  if (treatment === 'zero_rated') return zeroRateReason;
  if (treatment === 'standard') return null;
  return NOTES[language][treatment];
}

/**
 * EN 16931 VAT category (BT-151): S standard, E exempt (zero rate with reason, § 19), AE reverse
 * charge, O not subject to VAT (outside the scope of German VAT).
 */
export function vatCategoryOf(treatment: VatTreatment): 'S' | 'E' | 'AE' | 'O' {
  if (treatment === 'standard') return 'S';
  if (treatment === 'reverse_charge') return 'AE';
  if (treatment === 'not_taxable') return 'O';
  return 'E';
}
