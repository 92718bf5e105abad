// Invoices (issue 20): billing settings of an organisation, invoices from confirmed sponsorships with
// German e-invoicing (XRechnung CII, ZUGFeRD/Factur-X EN 16931) and payment tracking. Integer euro
// cents, snake_case on the wire. Decision record 026 has the rules.
//
// Routes (all under /api; "organiser" = owner or member of the organisation; errors are problem documents):
//   GET  /organisation/:id/billing-settings        organiser            → ZBillingSettingsResponse          403 404
//   PUT  /organisation/:id/billing-settings        owner                ZBillingSettingsInput → ZBillingSettingsResponse
//                                                                       400 billing.iban-invalid | billing.bic-invalid |
//                                                                       billing.number-format-invalid | billing.tax-id-missing
//                                                                       | billing.zero-rate-reason-missing, 403 404
//   GET  /organisation/:id/invoices?event_id=&status=   organiser     → ZInvoiceListResponse               400 403 404
//   GET  /organisation/:id/invoices.csv?event_id=&status= organiser   → text/csv (UTF-8, `;`-separated, header row)
//   GET  /organisation/:id/invoice-numbers          organiser            → ZInvoiceNumbers (per event and total)  403 404
//   POST /sponsorships/:id/invoices                 organiser            → 201 ZInvoiceResponse (a draft)
//                                                                       409 invoice.sponsorship-not-confirmed |
//                                                                       invoice.billing-settings-missing |
//                                                                       invoice.buyer-details-missing |
//                                                                       invoice.tax-number-missing (a buyer outside the EU) |
//                                                                       invoice.amount-missing | invoice.draft-exists (one
//                                                                       open draft per sponsorship) | invoice.open-exists (an
//                                                                       unpaid one: body { further_invoice: true } adds
//                                                                       another on purpose, decision 060), 403 404
//   POST /event/:id/invoice-drafts                  organiser            → 201 ZEventDraftsResponse: a draft for every
//                                                                       confirmed sponsorship of the event not invoiced yet
//                                                                       (none, or only cancelled ones); those that cannot
//                                                                       be drafted are skipped with their code; 409
//                                                                       invoice.billing-settings-missing, 403 404
//   POST /event/:id/invoice-jobs                    organiser            ZInvoiceJobStart { kind } → 202 ZInvoiceJobResponse: a
//                                                                       persistent job issuing every draft of the event, or
//                                                                       sending every issued invoice again (decision 093);
//                                                                       the same job already running is answered instead
//   GET  /event/:id/invoice-jobs                    organiser            → ZInvoiceJobsResponse (the latest job per kind)
//   GET  /sponsorships/:id/invoices                 organiser; sponsor (account or guest link `Authorization: <token>:<email>`)
//                                                                     → ZInvoiceListResponse (the sponsor sees issued ones only)
//   GET  /invoices/:id                              organiser; sponsor (issued only) → ZInvoiceResponse    403 404
//   PATCH /invoices/:id                             organiser            ZInvoicePatch (date, lines, VAT, note, language) → ZInvoiceResponse
//                                                                       409 invoice.not-draft | invoice.draft-changed |
//                                                                       invoice.date-in-future, 400 invoice.zero-rate-reason-missing
//   DELETE /invoices/:id                            organiser            → 204 (drafts only; 409 invoice.not-draft)
//   POST /invoices/:id/issue                        organiser            → ZInvoiceResponse (number assigned, e-mailed)
//                                                                       409 invoice.not-draft | invoice.billing-settings-missing |
//                                                                       invoice.buyer-details-missing | invoice.tax-number-missing |
//                                                                       invoice.date-in-future | invoice.date-before-last (the
//                                                                       number series follows the dates) | invoice.draft-changed
//   POST /invoices/:id/cancel                       organiser            → 201 ZInvoiceResponse (the cancellation invoice)
//                                                                       409 invoice.not-issued (draft, or itself a cancellation) |
//                                                                       invoice.cancelled | invoice.paid-cancel-refund-first
//                                                                       (payments recorded: refund them first, decision 060)
//   POST /invoices/:id/payments                     organiser            ZPaymentInput → ZInvoiceResponse
//                                                                       409 invoice.not-issued | invoice.cancelled |
//                                                                       invoice.payment-exceeds-outstanding |
//                                                                       invoice.payment-duplicate (same day and amount
//                                                                       recorded; allow_duplicate records it again)
//   POST /invoices/:id/refunds                      organiser            ZPaymentInput → ZInvoiceResponse (money paid back:
//                                                                       a negative payment row) 409 invoice.not-issued |
//                                                                       invoice.cancelled | invoice.refund-exceeds-paid |
//                                                                       invoice.payment-duplicate
//   POST /invoices/:id/send                         organiser            → ZInvoiceResponse (e-mails it again)  409 invoice.not-issued
//   POST /invoices/:id/remind                       organiser            → ZInvoiceResponse (the next payment reminder now)
//                                                                       409 invoice.not-overdue | invoice.reminded-today
//   GET  /invoices/:id/payment-details              organiser; sponsor (issued only) → ZInvoicePaymentDetails (bank
//                                                                       details, reference, open amount, GiroCode)
//                                                                       409 invoice.not-issued (draft, cancellation,
//                                                                       cancelled), 403 404
//   GET  /invoices/:id/invoice.pdf                  organiser; sponsor (issued only) → application/pdf (readable, GiroCode)
//   GET  /invoices/:id/zugferd.pdf                  same                 → application/pdf (Factur-X EN 16931, PDF/A-3)
//   GET  /invoices/:id/xrechnung.xml                same                 → application/xml (XRechnung 3.0, CII)
//   (drafts: the organiser may download a preview PDF marked as draft; XML only for issued invoices, 409 invoice.not-issued)
import { z } from 'zod';

const cents = z.number().int();
const day = z.iso.date();

export const VAT_RATES = [19, 7, 0] as const;
export const ZVatRate = z.union([z.literal(19), z.literal(7), z.literal(0)]);
export type VatRate = z.infer<typeof ZVatRate>;

/**
 * How VAT is handled on an invoice: standard (19/7 %), zero with a reason, § 19 small business, reverse
 * charge for an EU business (§ 3a (2), § 14a UStG), or not taxable in Germany for a buyer outside the EU
 * (§ 3a (2) and (4) sentence 2 no. 2 UStG; decision record 026).
 */
export const VAT_TREATMENTS = ['standard', 'zero_rated', 'small_business', 'reverse_charge', 'not_taxable'] as const;
export const ZVatTreatment = z.enum(VAT_TREATMENTS);
export type VatTreatment = z.infer<typeof ZVatTreatment>;

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'overdue', 'cancelled'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof ZInvoiceStatus>;

export const INVOICE_LIMITS = {
  legalName: 200,
  taxNumber: 40,
  bankName: 120,
  numberFormat: 40,
  zeroRateReason: 300,
  note: 1000,
  lineDescription: 500,
  lines: 50,
  paymentTermDays: 365,
  reminderStages: 5,
} as const;

/**
 * The number format: literal text with placeholders `{YYYY}` (year of the invoice date), `{YY}`,
 * `{MM}` and `{N…}` (the counter, zero-padded to the count of N, e.g. `{NNNN}` → 0042). Exactly one `{N…}`.
 */
export const DEFAULT_NUMBER_FORMAT = 'RE-{YYYY}-{NNNN}';

export const ZBillingSettingsInput = z.object({
  /** The seller's legal name on invoices; null: the organisation's name. */
  legal_name: z.string().trim().min(1).max(INVOICE_LIMITS.legalName).nullable(),
  /** Steuernummer; at least one of tax_number and vat_id (400 billing.tax-id-missing). */
  tax_number: z.string().trim().min(1).max(INVOICE_LIMITS.taxNumber).nullable(),
  /** USt-IdNr., e.g. DE123456789. */
  vat_id: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9A-Za-z+*]{2,12}$/)
    .nullable(),
  /** Spaces allowed; checked with ibantools (400 billing.iban-invalid). */
  iban: z.string().trim().min(15).max(42),
  /** 8 or 11 characters; checked with ibantools (400 billing.bic-invalid). */
  bic: z.string().trim().min(8).max(11),
  bank_name: z.string().trim().min(1).max(INVOICE_LIMITS.bankName).nullable(),
  payment_term_days: z.number().int().min(0).max(INVOICE_LIMITS.paymentTermDays),
  number_format: z.string().trim().min(1).max(INVOICE_LIMITS.numberFormat),
  /** § 19 UStG: no VAT on invoices, with the legal note. */
  small_business: z.boolean(),
  /** The default rate when not a small business. */
  default_vat_rate: ZVatRate,
  /** Needed when default_vat_rate is 0 and not a small business (e.g. "steuerfrei nach § 4 Nr. 22 UStG"). */
  zero_rate_reason: z.string().trim().min(1).max(INVOICE_LIMITS.zeroRateReason).nullable(),
  /** Payment reminders by e-mail after the due date. */
  reminders_enabled: z.boolean(),
  /** How many reminders at most (stage 1..n), one every reminder_interval_days after the due date. */
  reminder_stages: z.number().int().min(1).max(INVOICE_LIMITS.reminderStages),
  reminder_interval_days: z.number().int().min(1).max(60),
});
export type BillingSettingsInput = z.infer<typeof ZBillingSettingsInput>;

export const ZBillingSettings = ZBillingSettingsInput.extend({ updated_at: z.string() });
export type BillingSettingsWire = z.infer<typeof ZBillingSettings>;

export const ZPostalAddress = z.object({
  street: z.string(),
  house_number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
});

/** The seller as it comes from the organisation's master data (read-only here; edited in the organisation's settings). */
export const ZSellerMasterData = ZPostalAddress.extend({ name: z.string() });

export const ZBillingSettingsResponse = z.object({
  settings: ZBillingSettings.nullable(),
  master_data: ZSellerMasterData,
  /**
   * What is still missing before an invoice can be issued: 'settings', 'address' (street, postal code,
   * city, country) or 'phone' (the organisation's phone number: XRechnung requires the seller's contact
   * telephone, BR-DE-6) — the last two are edited in the organisation's master data. Empty: ready.
   */
  missing: z.array(z.enum(['settings', 'address', 'phone'])),
});
export type BillingSettingsResponse = z.infer<typeof ZBillingSettingsResponse>;

export const ZInvoiceParty = ZPostalAddress.extend({
  name: z.string(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoicePartyWire = z.infer<typeof ZInvoiceParty>;

export const ZInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price_cents: cents,
  net_cents: cents,
  vat_rate: ZVatRate,
  vat_cents: cents,
});
export type InvoiceLineWire = z.infer<typeof ZInvoiceLine>;

export const ZInvoicePayment = z.object({
  id: z.number().int(),
  paid_on: day,
  /** Negative for a refund (decision 060). */
  amount_cents: cents,
  kind: z.enum(['payment', 'refund']),
  recorded_at: z.string(),
});
export type InvoicePaymentWire = z.infer<typeof ZInvoicePayment>;

export const ZInvoice = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  sponsorship_id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  sponsor_email: z.string(),
  kind: z.enum(['invoice', 'cancellation']),
  /** null while a draft. */
  number: z.string().nullable(),
  status: ZInvoiceStatus,
  /** YYYY-MM-DD; a draft's chosen date or null (then the day it is issued). */
  invoice_date: day.nullable(),
  /** The event's date (Leistungsdatum). */
  service_date: day,
  due_date: day.nullable(),
  currency: z.literal('EUR'),
  /** The buyer's language; the PDF and the e-mail are in it. */
  language: z.enum(['de', 'en']),
  seller: ZInvoiceParty,
  buyer: ZInvoiceParty,
  lines: z.array(ZInvoiceLine),
  vat_treatment: ZVatTreatment,
  /** The legal note printed for small business / reverse charge / zero rate. */
  vat_note: z.string().nullable(),
  net_cents: cents,
  vat_cents: cents,
  gross_cents: cents,
  paid_cents: cents,
  outstanding_cents: cents,
  note: z.string().nullable(),
  /** On a cancellation invoice: the invoice it cancels. */
  cancels: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** On a cancelled invoice: its cancellation invoice. */
  cancelled_by: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** Explicitly added beside an open invoice of the same sponsorship (decision 060). */
  further_invoice: z.boolean(),
  payments: z.array(ZInvoicePayment),
  reminders_sent: z.number().int(),
  issued_at: z.string().nullable(),
  /** When it was last e-mailed to the buyer. */
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceWire = z.infer<typeof ZInvoice>;

export const ZInvoiceResponse = z.object({ invoice: ZInvoice });

/**
 * How to pay an issued invoice by SEPA transfer: the seller's bank details as printed on it, the
 * invoice number as the reference, the amount still open and its GiroCode (EPC QR) for banking apps.
 */
export const ZInvoicePaymentDetails = z.object({
  account_holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_name: z.string().nullable(),
  reference: z.string(),
  /** What is still open (gross less the payments recorded). */
  amount_cents: cents,
  due_date: day.nullable(),
  /** The GiroCode of the open amount as one SVG path on a `size` × `size` grid; null when nothing is open. */
  girocode: z.object({ size: z.number().int(), path: z.string() }).nullable(),
});
export type InvoicePaymentDetailsWire = z.infer<typeof ZInvoicePaymentDetails>;
export type InvoiceResponse = z.infer<typeof ZInvoiceResponse>;

export const ZInvoiceListResponse = z.object({ invoices: z.array(ZInvoice) });

/** POST /event/{id}/invoice-drafts: the drafts made, and the sponsorships skipped with the reason's code. */
export const ZEventDraftsResponse = z.object({
  created: z.array(z.object({ invoice_id: z.number().int(), sponsorship_id: z.number().int() })),
  skipped: z.array(z.object({ sponsorship_id: z.number().int(), sponsor_email: z.string(), code: z.string() })),
});
export type EventDraftsResponse = z.infer<typeof ZEventDraftsResponse>;

/** A bulk job of an event's invoices (decision 093): issue every draft, or send every issued invoice again. */
export const ZInvoiceJobKind = z.enum(['issue-drafts', 'send']);
export type InvoiceJobKind = z.infer<typeof ZInvoiceJobKind>;
export const ZInvoiceJobStart = z.object({ kind: ZInvoiceJobKind });
export const ZInvoiceJobItem = z.object({
  invoice_id: z.number().int(),
  sponsor_email: z.string(),
  /** pending: not yet; issued: numbered, documents and mail still to come; done; failed (with its code). */
  state: z.enum(['pending', 'issued', 'done', 'failed']),
  number: z.string().nullable(),
  code: z.string().nullable(),
});
export const ZInvoiceJob = z.object({
  id: z.number().int(),
  kind: ZInvoiceJobKind,
  state: z.enum(['queued', 'running', 'done']),
  total: z.number().int(),
  done: z.number().int(),
  items: z.array(ZInvoiceJobItem),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type InvoiceJob = z.infer<typeof ZInvoiceJob>;
export type InvoiceJobItem = z.infer<typeof ZInvoiceJobItem>;
export const ZInvoiceJobResponse = z.object({ job: ZInvoiceJob });
export const ZInvoiceJobsResponse = z.object({ jobs: z.array(ZInvoiceJob) });
export type InvoiceJobsResponse = z.infer<typeof ZInvoiceJobsResponse>;
export type InvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

export const ZInvoiceListQuery = z.object({
  event_id: z.coerce.number().int().positive().optional(),
  status: ZInvoiceStatus.optional(),
});
export type InvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZInvoiceLineInput = z.object({
  description: z.string().trim().min(1).max(INVOICE_LIMITS.lineDescription),
  quantity: z.number().int().min(1).max(10_000),
  /** Net price per unit in cents (up to 99,999,999.99 EUR). */
  unit_price_cents: z.number().int().min(0).max(9_999_999_999),
});
export type InvoiceLineInput = z.infer<typeof ZInvoiceLineInput>;

/** PATCH /invoices/:id (drafts only): every field optional. */
export const ZInvoicePatch = z.object({
  invoice_date: day.nullable().optional(),
  lines: z.array(ZInvoiceLineInput).min(1).max(INVOICE_LIMITS.lines).optional(),
  /** Only for standard / zero-rated invoices (small business and reverse charge decide the rate themselves). */
  vat_rate: ZVatRate.optional(),
  zero_rate_reason: z.string().trim().min(1).max(INVOICE_LIMITS.zeroRateReason).nullable().optional(),
  note: z.string().trim().max(INVOICE_LIMITS.note).nullable().optional(),
  /** The invoice's language (PDF, XRechnung texts, mail); a new draft takes the sponsor's (decision 074). */
  language: z.enum(['de', 'en']).optional(),
});
export type InvoicePatch = z.infer<typeof ZInvoicePatch>;

export const ZPaymentInput = z.object({
  paid_on: day,
  amount_cents: z.number().int().min(1).max(9_999_999_999),
  /**
   * The same day and amount as a payment (or refund) recorded is refused as a repetition (409
   * invoice.payment-duplicate: a double click, a retry, a statement imported twice); true records it
   * again because it was really paid twice.
   */
  allow_duplicate: z.boolean().optional(),
});
export type PaymentInput = z.infer<typeof ZPaymentInput>;

/**
 * POST /sponsorships/:id/invoices: `further_invoice` adds an invoice beside an open (draft or unpaid)
 * one on purpose; without it that is 409 invoice.open-exists (decision 060).
 */
export const ZCreateInvoiceRequest = z.object({ further_invoice: z.boolean().optional() }).strict();
export type CreateInvoiceRequest = z.infer<typeof ZCreateInvoiceRequest>;

export const ZInvoiceSums = z.object({
  /** Issued invoices net of cancellations (gross). */
  invoiced_cents: cents,
  paid_cents: cents,
  outstanding_cents: cents,
  overdue_cents: cents,
  /** Issued invoices that are not cancelled and not cancellations. */
  count: z.number().int(),
});
export type InvoiceSumsWire = z.infer<typeof ZInvoiceSums>;

/** GET /organisation/:id/invoice-numbers */
export const ZInvoiceNumbers = z.object({
  events: z.array(ZInvoiceSums.extend({ event_id: z.number().int(), event_title: z.string() })),
  totals: ZInvoiceSums,
});
export type InvoiceNumbersWire = z.infer<typeof ZInvoiceNumbers>;
