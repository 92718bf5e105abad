// The agreement's texts in both languages (the sponsor's language decides, German by default). Kept
// in the module: they are part of the document whose hash is signed, not of the web app.
import { PRODUCT_NAME } from '@sp/shared';

export type AgreementLanguage = 'de' | 'en';

const de = {
  title: 'Sponsoringvereinbarung',
  // The draft's status on its first page; the sealed PDF renders the same pages with `signed` instead
  // (decision 067), so the document both parties hold says it is signed.
  draft: 'Zur Unterschrift vorgelegt',
  signed: (date: string) => `Von beiden Parteien unterschrieben am ${date}`,
  reference: 'Vereinbarung Nr.',
  between: 'zwischen',
  organiser: 'Veranstalter',
  sponsor: 'Sponsor',
  and: 'und',
  vatId: 'USt-IdNr.',
  email: 'E-Mail',
  s1: '§ 1 Veranstaltung',
  eventLine: (title: string, date: string, place: string) =>
    `Der Veranstalter führt die Veranstaltung „${title}“ am ${date}${place ? ` in ${place}` : ''} durch.`,
  s2: '§ 2 Leistungen des Veranstalters',
  packageLine: (name: string) => `Der Sponsor erhält das Paket „${name}“ mit folgenden Leistungen:`,
  due: 'fällig am',
  noBenefits: 'Das Paket enthält keine einzeln aufgeführten Leistungen.',
  s3: '§ 3 Sponsoringbetrag und Zahlung',
  amountLine: (amount: string) => `Der Sponsor zahlt an den Veranstalter ${amount}.`,
  paymentLine: (days: number) =>
    days === 0
      ? 'Der Betrag ist nach Rechnungsstellung sofort ohne Abzug fällig.'
      : `Der Betrag ist innerhalb von ${days} Tagen nach Rechnungsstellung ohne Abzug fällig.`,
  vatNote: 'Der Betrag versteht sich zuzüglich gesetzlicher Umsatzsteuer, soweit diese anfällt.',
  s4: '§ 4 Weitere Vereinbarungen',
  s5: '§ 5 Unterschrift',
  signingText:
    'Beide Parteien unterschreiben diese Vereinbarung elektronisch auf der Plattform (einfache elektronische Signatur nach Art. 25 Abs. 1 eIDAS-Verordnung). Die unterschriebene Fassung trägt das Siegel der Plattform.',
  page: (n: number, of: number) => `Seite ${n} von ${of}`,
  annexPage: (n: number, of: number) => `Unterschriften und Prüfprotokoll – Seite ${n} von ${of}`,
  signaturePage: (side: string) => `Unterschrift – ${side}`,
  name: 'Name',
  position: 'Funktion',
  signedAt: 'Unterschrieben am',
  documentHash: 'SHA-256 (Entwurf)',
  ipAddress: 'IP-Adresse',
  userAgent: 'Browser',
  drawn: 'Gezeichnete Unterschrift',
  noDrawn: 'Keine gezeichnete Unterschrift (Unterschrift durch Name, Funktion und Bestätigung).',
  consent: 'Bestätigt: „Ich habe die Vereinbarung gelesen und unterschreibe sie.“',
  auditTitle: 'Prüfprotokoll',
  auditIntro: 'Jeder Schritt mit Zeit (UTC), Person, IP-Adresse, Browser und dem SHA-256 des gezeigten Dokuments.',
  kinds: {
    viewed: 'angesehen',
    signed: 'unterschrieben',
    voided: 'ungültig (Entwurf geändert)',
    completed: 'abgeschlossen',
  },
  sides: { sponsor: 'Sponsor', organisation: 'Veranstalter', system: 'Plattform' },
  kindTitle: 'Art der Unterschrift',
  kindText:
    'Dies ist eine einfache elektronische Signatur (Art. 25 Abs. 1 eIDAS-Verordnung), keine qualifizierte. Das Prüfprotokoll belegt, wer wann mit welcher bestätigten E-Mail-Adresse welches Dokument (SHA-256) unterschrieben hat. Das Siegel der Plattform (PAdES-Basisprofil B-B, ETSI EN 319 142-1) zeigt, dass diese Datei seit dem Abschluss nicht verändert wurde. Prüfung: Datei auf der Prüfseite der Plattform ablegen.',
  sampleSponsor: 'Beispiel-Sponsor GmbH',
  samplePackage: 'Beispielpaket',
  sampleBenefits: ['Logo auf der Website', 'Stand auf der Veranstaltung'],
  mail: {
    completedSubject: (title: string) => `Unterschriebene Sponsoringvereinbarung: ${title}`,
    /** The paragraphs before the link (the mail adds it, as a link and as the plain URL). */
    completedText: (title: string) => [
      'Guten Tag,',
      `die Sponsoringvereinbarung für „${title}“ ist von beiden Parteien unterschrieben. Die besiegelte PDF-Datei liegt dieser E-Mail bei und ist auf der ${PRODUCT_NAME.de} abrufbar:`,
    ],
    voidedSubject: (title: string) => `Unterschrift ungültig: Vereinbarung für ${title} wurde geändert`,
    voidedText: (title: string, name: string) => [
      'Guten Tag,',
      `der Entwurf der Sponsoringvereinbarung für „${title}“ wurde nach der Unterschrift von ${name} geändert. Die Unterschrift ist damit ungültig; der neue Entwurf muss erneut unterschrieben werden:`,
    ],
  },
};

type Texts = typeof de;

const en: Texts = {
  title: 'Sponsorship agreement',
  draft: 'Presented for signature',
  signed: (date) => `Signed by both parties on ${date}`,
  reference: 'Agreement no.',
  between: 'between',
  organiser: 'Organiser',
  sponsor: 'Sponsor',
  and: 'and',
  vatId: 'VAT ID',
  email: 'E-mail',
  s1: '§ 1 Event',
  eventLine: (title, date, place) =>
    `The organiser holds the event “${title}” on ${date}${place ? ` in ${place}` : ''}.`,
  s2: "§ 2 The organiser's services",
  packageLine: (name) => `The sponsor receives the package “${name}” with the following benefits:`,
  due: 'due on',
  noBenefits: 'The package lists no individual benefits.',
  s3: '§ 3 Sponsorship amount and payment',
  amountLine: (amount) => `The sponsor pays the organiser ${amount}.`,
  paymentLine: (days) =>
    days === 0
      ? 'The amount is due upon invoice without deduction.'
      : `The amount is due within ${days} days of the invoice without deduction.`,
  vatNote: 'The amount is exclusive of statutory VAT where applicable.',
  s4: '§ 4 Further terms',
  s5: '§ 5 Signature',
  signingText:
    "Both parties sign this agreement electronically on the platform (simple electronic signature under Art. 25(1) of the eIDAS Regulation). The signed version carries the platform's seal.",
  page: (n, of) => `Page ${n} of ${of}`,
  annexPage: (n, of) => `Signatures and audit trail – page ${n} of ${of}`,
  signaturePage: (side) => `Signature – ${side}`,
  name: 'Name',
  position: 'Position',
  signedAt: 'Signed at',
  documentHash: 'SHA-256 (draft)',
  ipAddress: 'IP address',
  userAgent: 'Browser',
  drawn: 'Drawn signature',
  noDrawn: 'No drawn signature (signed by name, position and confirmation).',
  consent: 'Confirmed: “I have read the agreement and sign it.”',
  auditTitle: 'Audit trail',
  auditIntro: 'Every step with time (UTC), person, IP address, browser and the SHA-256 of the document shown.',
  kinds: { viewed: 'viewed', signed: 'signed', voided: 'voided (draft changed)', completed: 'completed' },
  sides: { sponsor: 'Sponsor', organisation: 'Organiser', system: 'Platform' },
  kindTitle: 'Kind of signature',
  kindText:
    "This is a simple electronic signature (Art. 25(1) of the eIDAS Regulation), not a qualified one. The audit trail shows who signed which document (SHA-256), when, with which verified e-mail address. The platform's seal (PAdES baseline B-B, ETSI EN 319 142-1) shows that this file has not been changed since completion. To check it, drop the file on the platform's verification page.",
  sampleSponsor: 'Sample Sponsor Ltd',
  samplePackage: 'Sample package',
  sampleBenefits: ['Logo on the website', 'Booth at the event'],
  mail: {
    completedSubject: (title) => `Signed sponsorship agreement: ${title}`,
    completedText: (title) => [
      'Hello,',
      `the sponsorship agreement for “${title}” has been signed by both parties. The sealed PDF is attached to this e-mail and available on ${PRODUCT_NAME.en}:`,
    ],
    voidedSubject: (title) => `Signature void: the agreement for ${title} was changed`,
    voidedText: (title, name) => [
      'Hello,',
      `the draft of the sponsorship agreement for “${title}” was changed after ${name} signed it. That signature is therefore void; the new draft needs to be signed again:`,
    ],
  },
};

export const TEXTS: Record<AgreementLanguage, Texts> = { de, en };

/** 1.234,56 € (de) or €1,234.56 (en), from integer cents. */
export function formatAmount(cents: number, language: AgreementLanguage): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** 24.12.2026 (de) or 24 December 2026 (en), from YYYY-MM-DD; other text is shown as it is. */
export function formatDate(day: string, language: AgreementLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: language === 'de' ? 'medium' : 'long',
    timeZone: 'UTC',
  }).format(date);
}
