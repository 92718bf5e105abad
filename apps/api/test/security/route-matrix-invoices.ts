// Rows of the authorisation matrix for billing settings and invoices (issue 20): A's organisers read
// the settings, only A's owner saves them; A's organisers make, change and issue invoices, record
// payments; the registered sponsor (whose confirmed sponsorship of A has the invoice) reads issued
// invoices and downloads their documents; the guest of A's other sponsorship, B and the removed
// member get 404 for invoices (403 for A's organisation-wide lists, as the other organisation routes).
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const partiesOfInvoice = organisationA(200, 404, { sponsor: 200, guest: 404, otherGuest: 404 });

export const INVOICE_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/organisation/:id/billing-settings',
    url: '/api/organisation/{orgA}/billing-settings',
    expect: organisationA(200, 403),
  },
  {
    method: 'PUT',
    route: '/api/organisation/:id/billing-settings',
    url: '/api/organisation/{orgA}/billing-settings',
    body: {
      legal_name: null,
      tax_number: '30/123/45678',
      vat_id: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank_name: null,
      payment_term_days: 14,
      // The format's own braces would read as placeholders of the matrix: the world holds it.
      number_format: '{invoiceNumberFormat}',
      small_business: false,
      default_vat_rate: 19,
      zero_rate_reason: null,
      reminders_enabled: true,
      reminder_stages: 2,
      reminder_interval_days: 7,
    },
    expect: organisationA(200, 403, { memberA: 403 }),
    note: "only the organisation's owner saves its billing settings",
  },
  {
    method: 'GET',
    route: '/api/organisation/:id/invoices',
    url: '/api/organisation/{orgA}/invoices?status=issued',
    expect: organisationA(200, 403),
  },
  {
    method: 'GET',
    route: '/api/organisation/:id/invoices.csv',
    url: '/api/organisation/{orgA}/invoices.csv',
    expect: organisationA(200, 403),
  },
  {
    method: 'GET',
    route: '/api/organisation/:id/invoice-numbers',
    url: '/api/organisation/{orgA}/invoice-numbers',
    expect: organisationA(200, 403),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/invoices',
    url: '/api/sponsorships/{confirmedSponsorshipA}/invoices',
    expect: organisationA(409, 404, { sponsor: 403 }),
    note:
      'the sponsor is a party of the sponsorship but only organisers invoice; organisers get past the checks to ' +
      'invoice.draft-exists, as the world has its draft (one per sponsorship; 201: one-draft.test.ts)',
  },
  {
    method: 'POST',
    route: '/api/event/:id/invoice-drafts',
    url: '/api/event/{eventA}/invoice-drafts',
    expect: organisationA(201, 404, { removed: 403, sponsor: 403 }),
    note: "another organisation's event is not found; sponsors and removed members are no organisers",
  },
  {
    method: 'POST',
    route: '/api/event/:id/invoice-jobs',
    url: '/api/event/{eventA}/invoice-jobs',
    body: { kind: 'send' },
    expect: organisationA(202, 404, { removed: 403, sponsor: 403 }),
    note: 'a bulk job (decision 093) as the drafts: only the organisation of the event starts one',
  },
  {
    method: 'GET',
    route: '/api/event/:id/invoice-jobs',
    url: '/api/event/{eventA}/invoice-jobs',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
    note: "the event's bulk jobs, for its organisation only",
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/invoices',
    url: '/api/sponsorships/{confirmedSponsorshipA}/invoices',
    expect: partiesOfInvoice,
  },
  { method: 'GET', route: '/api/invoices/:id', url: '/api/invoices/{invoiceA}', expect: partiesOfInvoice },
  {
    method: 'GET',
    route: '/api/invoices/:id/payment-details',
    url: '/api/invoices/{invoiceA}/payment-details',
    expect: partiesOfInvoice,
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/invoice.pdf',
    url: '/api/invoices/{invoiceA}/invoice.pdf',
    expect: partiesOfInvoice,
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/zugferd.pdf',
    url: '/api/invoices/{invoiceA}/zugferd.pdf',
    expect: partiesOfInvoice,
  },
  {
    method: 'GET',
    route: '/api/invoices/:id/xrechnung.xml',
    url: '/api/invoices/{invoiceA}/xrechnung.xml',
    expect: partiesOfInvoice,
  },
  {
    method: 'PATCH',
    route: '/api/invoices/:id',
    url: '/api/invoices/{invoiceDraftA}',
    body: { note: 'Vielen Dank!' },
    expect: organisationA(200, 404),
  },
  {
    method: 'DELETE',
    route: '/api/invoices/:id',
    url: '/api/invoices/{invoiceA}',
    expect: organisationA(409, 404),
    note: 'an issued invoice is never deleted (a draft is: the invoices tests)',
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/issue',
    url: '/api/invoices/{invoiceA}/issue',
    expect: organisationA(409, 404),
    note: 'issued already (issuing a draft: the invoices tests)',
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/cancel',
    url: '/api/invoices/{invoiceDraftA}/cancel',
    expect: organisationA(409, 404),
    note: 'a draft is not cancelled (cancelling: the invoices tests)',
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/payments',
    url: '/api/invoices/{invoiceA}/payments',
    body: { paid_on: '2026-06-05', amount_cents: '{callerCents}' },
    expect: organisationA(200, 404),
    note: 'each allowed organiser pays an amount of its own: the same day and amount again is a repetition (decision 060)',
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/refunds',
    url: '/api/invoices/{invoiceA}/refunds',
    body: { paid_on: '2026-06-05', amount_cents: '{callerCents}' },
    expect: organisationA(200, 404),
    note: 'refunds what the row above recorded (each organiser its own amount); decision 060',
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/send',
    url: '/api/invoices/{invoiceA}/send',
    expect: organisationA(200, 404),
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/remind',
    url: '/api/invoices/{invoiceA}/remind',
    expect: organisationA(409, 404),
    note: "organisers get past the checks to invoice.not-overdue (the world's invoice is not due yet; 200: remind.test.ts)",
  },
];
