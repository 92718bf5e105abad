// The readable invoice's texts in the buyer's language (de default, en).
export const PDF_TEXTS = {
  de: {
    invoice: 'Rechnung',
    cancellation: 'Stornorechnung',
    draft: 'ENTWURF – keine gültige Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    serviceDate: 'Leistungsdatum',
    dueDate: 'Fällig am',
    cancels: (number: string, date: string) => `Storniert die Rechnung ${number} vom ${date}.`,
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    net: 'Netto',
    vat: 'USt.',
    netTotal: 'Summe netto',
    vatTotal: (rate: number) => `Umsatzsteuer ${rate} %`,
    gross: 'Rechnungsbetrag',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    buyerVatId: 'USt-IdNr. des Leistungsempfängers',
    payment: (days: number, due: string | null) =>
      due ? `Bitte überweisen Sie den Betrag innerhalb von ${days} Tagen bis zum ${due}.` : '',
    bank: 'Bankverbindung',
    reference: 'Verwendungszweck',
    girocode: 'Mit der Banking-App scannen (GiroCode)',
  },
  en: {
    invoice: 'Invoice',
    cancellation: 'Cancellation invoice',
    draft: 'DRAFT – not a valid invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    serviceDate: 'Date of service',
    dueDate: 'Due on',
    cancels: (number: string, date: string) => `Cancels invoice ${number} of ${date}.`,
    position: 'No.',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    net: 'Net',
    vat: 'VAT',
    netTotal: 'Total net',
    vatTotal: (rate: number) => `VAT ${rate} %`,
    gross: 'Total amount',
    vatId: 'VAT id',
    taxNumber: 'Tax number',
    buyerVatId: "Recipient's VAT id",
    payment: (days: number, due: string | null) =>
      due ? `Please transfer the amount within ${days} days, by ${due}.` : '',
    bank: 'Bank account',
    reference: 'Reference',
    girocode: 'Scan with your banking app (GiroCode)',
  },
} as const;

/** A date for reading: 26.11.2026 (de) or 26 Nov 2026 (en). */
export function readableDate(day: string, language: 'de' | 'en'): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    day: language === 'de' ? '2-digit' : 'numeric',
    month: language === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
