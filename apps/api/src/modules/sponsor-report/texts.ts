// The report's words in German and English, and its number and date formats.
import type { DeliverableStatus, ReportLanguage } from './report-input.ts';

const de = {
  title: 'Sponsoring-Report',
  preparedBy: (org: string) => `Erstellt von ${org}`,
  sponsor: 'Sponsor',
  event: 'Veranstaltung',
  date: 'Datum',
  location: 'Ort',
  package: 'Paket',
  amount: 'Vereinbarter Betrag',
  noPackage: 'Kein Paket gewählt',
  summary: 'Auf einen Blick',
  delivered: 'Leistungen erbracht',
  impressions: 'Logo-Impressionen',
  clicks: 'Klicks auf das Logo',
  ticketsUsed: 'Tickets genutzt',
  benefits: 'Leistungen im Einzelnen',
  benefit: 'Leistung',
  status: 'Status',
  due: 'Fällig',
  done: 'Erledigt',
  noBenefits: 'Für dieses Sponsoring sind keine Leistungen vereinbart.',
  noEvidence: 'Kein Nachweis angehängt.',
  continued: 'Fortsetzung',
  evidence: (n: number) => (n === 1 ? '1 Nachweis' : `${n} Nachweise`),
  statuses: { open: 'Offen', in_progress: 'In Arbeit', done: 'Erbracht', waived: 'Entfallen' } as Record<
    DeliverableStatus,
    string
  >,
  wallTitle: 'Sponsor-Wall',
  wallIntro:
    'Gezählt werden Einblendungen und Klicks Ihres Logos auf der öffentlichen Sponsor-Wall und ihren Einbettungen, ' +
    'ohne Cookies und ohne personenbezogene Daten; offensichtliche Bots sind nicht enthalten.',
  wallPeriod: (from: string, to: string) => `Zeitraum: ${from} bis ${to}`,
  wallNone: 'Bisher keine Zahlen erfasst.',
  placement: 'Platzierung',
  wallPage: 'Sponsor-Wall (Seite)',
  wallEmbed: 'Eingebettet auf anderen Seiten',
  total: 'Gesamt',
  ctr: 'Klickrate',
  ticketsTitle: 'Tickets',
  ticketsLine: (seats: number, named: number, checkedIn: number) =>
    `${seats} Plätze vereinbart · ${named} Personen benannt · ${checkedIn} beim Einlass eingecheckt`,
  ticketsNone: 'Dieses Sponsoring enthält keine Tickets.',
  referencesTitle: 'Vereinbarung und Rechnungen',
  agreementSealed: (date: string) => `Vereinbarung von beiden Seiten unterzeichnet und versiegelt am ${date}`,
  agreementUploaded: 'Unterzeichnete Vereinbarung als Datei hochgeladen',
  agreementNone: 'Keine unterzeichnete Vereinbarung auf der Plattform',
  agreementHash: 'SHA-256 der Vereinbarung',
  invoiceNumber: 'Rechnung',
  invoiceDate: 'Datum',
  invoiceAmount: 'Betrag (brutto)',
  invoiceStatus: 'Status',
  invoiceStatuses: { issued: 'Offen', paid: 'Bezahlt', cancelled: 'Storniert' } as Record<string, string>,
  cancellation: 'Storno',
  noInvoices: 'Noch keine Rechnung gestellt.',
  sealTitle: 'Echtheit',
  sealText: (url: string) =>
    'Dieser Report ist mit dem elektronischen Siegel der Plattform versehen (PAdES). Jede nachträgliche Änderung ' +
    `macht das Siegel ungültig. Die Echtheit lässt sich unter ${url} prüfen: Datei hochladen, fertig.`,
  sealedAt: (time: string) => `Erstellt und versiegelt am ${time}`,
  page: (n: number, of: number) => `Seite ${n} von ${of}`,
  reference: (id: number) => `Sponsoring ${id}`,
};

type Texts = typeof de;

const en: Texts = {
  title: 'Sponsor report',
  preparedBy: (org) => `Prepared by ${org}`,
  sponsor: 'Sponsor',
  event: 'Event',
  date: 'Date',
  location: 'Location',
  package: 'Package',
  amount: 'Agreed amount',
  noPackage: 'No package chosen',
  summary: 'At a glance',
  delivered: 'Benefits delivered',
  impressions: 'Logo impressions',
  clicks: 'Clicks on the logo',
  ticketsUsed: 'Tickets used',
  benefits: 'Benefits in detail',
  benefit: 'Benefit',
  status: 'Status',
  due: 'Due',
  done: 'Delivered',
  noBenefits: 'No benefits are agreed for this sponsorship.',
  noEvidence: 'No evidence attached.',
  continued: 'continued',
  evidence: (n) => (n === 1 ? '1 piece of evidence' : `${n} pieces of evidence`),
  statuses: { open: 'Open', in_progress: 'In progress', done: 'Delivered', waived: 'Waived' },
  wallTitle: 'Sponsor wall',
  wallIntro:
    'Counted are the impressions of and clicks on your logo on the public sponsor wall and its embeds, without ' +
    'cookies and without personal data; obvious bots are left out.',
  wallPeriod: (from, to) => `Period: ${from} to ${to}`,
  wallNone: 'No figures recorded yet.',
  placement: 'Placement',
  wallPage: 'Sponsor wall (page)',
  wallEmbed: 'Embedded on other sites',
  total: 'Total',
  ctr: 'Click rate',
  ticketsTitle: 'Tickets',
  ticketsLine: (seats, named, checkedIn) =>
    `${seats} seats agreed · ${named} people named · ${checkedIn} checked in at the door`,
  ticketsNone: 'This sponsorship includes no tickets.',
  referencesTitle: 'Agreement and invoices',
  agreementSealed: (date) => `Agreement signed by both parties and sealed on ${date}`,
  agreementUploaded: 'Signed agreement uploaded as a file',
  agreementNone: 'No signed agreement on the platform',
  agreementHash: "Agreement's SHA-256",
  invoiceNumber: 'Invoice',
  invoiceDate: 'Date',
  invoiceAmount: 'Amount (gross)',
  invoiceStatus: 'Status',
  invoiceStatuses: { issued: 'Open', paid: 'Paid', cancelled: 'Cancelled' },
  cancellation: 'Cancellation',
  noInvoices: 'No invoice issued yet.',
  sealTitle: 'Authenticity',
  sealText: (url) =>
    "This report carries the platform's electronic seal (PAdES). Any later change breaks the seal. Check that it " +
    `is genuine at ${url}: upload the file, that is all.`,
  sealedAt: (time) => `Made and sealed on ${time}`,
  page: (n, of) => `Page ${n} of ${of}`,
  reference: (id) => `Sponsorship ${id}`,
};

export const REPORT_TEXTS: Record<ReportLanguage, Texts> = { de, en };

const locale = (language: ReportLanguage) => (language === 'de' ? 'de-DE' : 'en-GB');

export const formatCents = (cents: number, language: ReportLanguage) =>
  new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);

export const formatCount = (n: number, language: ReportLanguage) => new Intl.NumberFormat(locale(language)).format(n);

export const formatPercent = (share: number, language: ReportLanguage) =>
  new Intl.NumberFormat(locale(language), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(share);

/** 24.12.2026 (de) or 24 Dec 2026 (en), from YYYY-MM-DD or an ISO time (as a German calendar day). */
export function formatDay(value: string, language: ReportLanguage): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(date);
}

export function formatTime(iso: string, language: ReportLanguage): string {
  return new Intl.DateTimeFormat(locale(language), {
    year: 'numeric',
    month: language === 'de' ? '2-digit' : 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
