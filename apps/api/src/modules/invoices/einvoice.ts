// The e-invoices: XRechnung 3.0 (CII) and ZUGFeRD / Factur-X EN 16931 (the readable PDF as PDF/A-3
// with the CII XML embedded), made by @e-invoice-eu/core from its UBL-shaped JSON; no XML is written
// by hand here but one element the library drops: a cancellation invoice is type 384 (corrected
// invoice) with negative amounts and a reference to the invoice it cancels (BG-3: BT-25/26), which
// @e-invoice-eu/core 2.3.4 does not carry into CII, so withPrecedingInvoice adds it to the CII tree of
// both documents (decision 060). Decision record 026 has the profile choices.
import { createRequire } from 'node:module';
import type { Invoice, InvoiceService } from '@e-invoice-eu/core';
import type { VatTreatment } from '@sp/shared';
import { decimal } from './money.ts';
import type { InvoiceParty, InvoiceSnapshot } from './snapshot.ts';
import { vatCategoryOf } from './snapshot.ts';

export type InvoiceDocumentInput = {
  id: number;
  number: string;
  kind: 'invoice' | 'cancellation';
  invoiceDate: string;
  serviceDate: string;
  dueDate: string | null;
  language: 'de' | 'en';
  treatment: VatTreatment;
  vatRate: number;
  snapshot: InvoiceSnapshot;
  netCents: number;
  vatCents: number;
  grossCents: number;
  sponsorshipId: number;
};

const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const EN16931 = 'urn:cen.eu:en16931:2017';

const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };

const amount = (cents: number) => ({ value: decimal(cents) });

function party(p: InvoiceParty, role: 'seller' | 'buyer') {
  const withContact = role === 'seller';
  // The seller may carry a VAT id (BT-31) and a tax number (BT-32); the buyer one VAT id (BT-48).
  const taxSchemes = [
    ...(p.vatId ? [{ 'cbc:CompanyID': p.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(p.taxNumber && role === 'seller'
      ? [{ 'cbc:CompanyID': p.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }]
      : []),
  ];
  // BR-CO-26: a seller without a VAT id (a small business) is identified by its tax number, given as
  // the legal registration identifier (BT-30): @e-invoice-eu/core 2.3.4 does not map BT-29 to CII.
  const legalId = role === 'seller' && !p.vatId && p.taxNumber ? { 'cbc:CompanyID': p.taxNumber } : {};
  return {
    ...(p.email ? { 'cbc:EndpointID': p.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
    'cac:PartyName': { 'cbc:Name': p.name },
    'cac:PostalAddress': {
      'cbc:StreetName': `${p.street} ${p.houseNumber}`.trim(),
      'cbc:CityName': p.city,
      'cbc:PostalZone': p.postalCode,
      'cac:Country': { 'cbc:IdentificationCode': p.country },
    },
    ...(taxSchemes.length ? { 'cac:PartyTaxScheme': role === 'seller' ? taxSchemes : taxSchemes[0] } : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name, ...legalId },
    ...(withContact
      ? {
          'cac:Contact': {
            'cbc:Name': p.name,
            ...(p.phone ? { 'cbc:Telephone': p.phone } : {}),
            ...(p.email ? { 'cbc:ElectronicMail': p.email } : {}),
          },
        }
      : {}),
  };
}

/** The invoice in @e-invoice-eu/core's internal (UBL-like) JSON. */
export function einvoiceData(input: InvoiceDocumentInput, customization: string): Invoice {
  const { snapshot: s } = input;
  const category = vatCategoryOf(input.treatment);
  // An invoice outside the scope of VAT names neither party's VAT id (BR-O-02); the seller is then
  // identified by its tax number (BT-32 and BT-30, see party()), which compose.ts requires.
  const withoutVatId = (p: InvoiceParty) => (category === 'O' ? { ...p, vatId: null } : p);
  const money = (cents: number, field: string) => ({
    [field]: amount(cents).value,
    [`${field}@currencyID`]: 'EUR',
  });
  // Outside the scope of VAT (O) an invoice line has no rate (EN 16931 BR-O-05); the VAT breakdown
  // still gives 0, which XRechnung requires of every breakdown (BR-DE-14) and EN 16931 allows.
  const percent = category === 'O' ? {} : { 'cbc:Percent': String(input.vatRate) };
  const taxCategory = {
    'cbc:ID': category,
    'cbc:Percent': String(input.vatRate),
    ...(category === 'AE' || category === 'O' ? { 'cbc:TaxExemptionReasonCode': `VATEX-EU-${category}` } : {}),
    ...(category !== 'S' ? { 'cbc:TaxExemptionReason': s.vatNote ?? '' } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
  const lineCategory = {
    'cbc:ID': category,
    ...percent,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
  // The preceding invoice (BT-25/26) is given as BillingReference (the library's UBL shape; its CII
  // mapping loses it, see withPrecedingInvoice) and named in a note (BT-22) for a human reader.
  const cancels = s.cancels
    ? input.language === 'en'
      ? `Cancels invoice ${s.cancels.number} of ${s.cancels.date}.`
      : `Storno der Rechnung ${s.cancels.number} vom ${s.cancels.date}.`
    : null;
  const notes = [cancels, s.vatNote].filter((n): n is string => !!n);
  const invoice = {
    'cbc:CustomizationID': customization,
    'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    'cbc:ID': input.number,
    'cbc:IssueDate': input.invoiceDate,
    ...(input.dueDate && input.grossCents > 0 ? { 'cbc:DueDate': input.dueDate } : {}),
    'cbc:InvoiceTypeCode': input.kind === 'cancellation' ? '384' : '380',
    ...(notes.length ? { 'cbc:Note': notes } : {}),
    'cbc:DocumentCurrencyCode': 'EUR',
    'cbc:BuyerReference': `SP-${input.sponsorshipId}`,
    ...(s.cancels
      ? {
          'cac:BillingReference': [
            { 'cac:InvoiceDocumentReference': { 'cbc:ID': s.cancels.number, 'cbc:IssueDate': s.cancels.date } },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': { 'cac:Party': party(withoutVatId(s.seller), 'seller') },
    'cac:AccountingCustomerParty': { 'cac:Party': party(withoutVatId(s.buyer), 'buyer') },
    'cac:Delivery': { 'cbc:ActualDeliveryDate': input.serviceDate },
    'cac:PaymentMeans': [
      {
        'cbc:PaymentMeansCode': '58',
        'cbc:PaymentID': input.number,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': s.bank.iban,
          'cbc:Name': s.seller.name,
          'cac:FinancialInstitutionBranch': { 'cbc:ID': s.bank.bic },
        },
      },
    ],
    ...(input.grossCents > 0
      ? { 'cac:PaymentTerms': { 'cbc:Note': `${s.paymentTermDays} days net / ${s.paymentTermDays} Tage netto` } }
      : {}),
    'cac:TaxTotal': [
      {
        ...money(input.vatCents, 'cbc:TaxAmount'),
        'cac:TaxSubtotal': [
          {
            ...money(input.netCents, 'cbc:TaxableAmount'),
            ...money(input.vatCents, 'cbc:TaxAmount'),
            'cac:TaxCategory': taxCategory,
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      ...money(input.netCents, 'cbc:LineExtensionAmount'),
      ...money(input.netCents, 'cbc:TaxExclusiveAmount'),
      ...money(input.grossCents, 'cbc:TaxInclusiveAmount'),
      ...money(input.grossCents, 'cbc:PayableAmount'),
    },
    'cac:InvoiceLine': s.lines.map((line, index) => ({
      'cbc:ID': String(index + 1),
      'cbc:InvoicedQuantity': String(line.quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      ...money(line.netCents, 'cbc:LineExtensionAmount'),
      'cac:Item': { 'cbc:Name': line.description.slice(0, 200), 'cac:ClassifiedTaxCategory': lineCategory },
      'cac:Price': money(line.unitPriceCents, 'cbc:PriceAmount'),
    })),
  };
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

type CiiTree = Record<string, unknown>;

/**
 * Puts the preceding invoice (BG-3: BT-25 number, BT-26 issue date) into a CII tree at the schema's
 * place: `ram:InvoiceReferencedDocument` right after the header monetary summation in
 * `ram:ApplicableHeaderTradeSettlement` (CII D16B order). The date is a qdt:FormattedDateTimeType
 * (format 102). Left alone when the library made one itself (a fixed version).
 */
export function withPrecedingInvoice(cii: CiiTree, preceding: { number: string; date: string }): void {
  const transaction = (cii['rsm:CrossIndustryInvoice'] as CiiTree | undefined)?.['rsm:SupplyChainTradeTransaction'] as
    CiiTree | undefined;
  const settlement = transaction?.['ram:ApplicableHeaderTradeSettlement'] as CiiTree | undefined;
  if (!transaction || !settlement) throw new Error('CII tree without ApplicableHeaderTradeSettlement');
  if (settlement['ram:InvoiceReferencedDocument']) return;
  const reference = {
    'ram:IssuerAssignedID': preceding.number,
    'ram:FormattedIssueDateTime': {
      'qdt:DateTimeString': preceding.date.replaceAll('-', ''),
      'qdt:DateTimeString@format': '102',
    },
  };
  const after = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';
  if (!(after in settlement)) throw new Error('CII tree without the header monetary summation');
  const ordered: CiiTree = {};
  for (const [key, value] of Object.entries(settlement)) {
    ordered[key] = value;
    if (key === after) ordered['ram:InvoiceReferencedDocument'] = reference;
  }
  transaction['ram:ApplicableHeaderTradeSettlement'] = ordered;
}

type Validator = ((data: unknown) => boolean) & { errors?: unknown };
type Formatter = {
  patchSchema(schema: object): void;
  fillInvoiceDefaults(invoice: Invoice): void;
  generate(invoice: Invoice, options: GenerateOptions): Promise<string | Uint8Array>;
  postProcess?: (cii: CiiTree) => void;
};
type GenerateOptions = Parameters<InvoiceService['generate']>[1];
type Generator = {
  formatter(format: string): Formatter;
  normalizeFormat(format: string): string;
  validator(format: string, formatter: Formatter): Validator;
  validate(data: Invoice, validator: Validator): Invoice;
};

let generator: Promise<Generator> | null = null;

/**
 * What @e-invoice-eu/core 2.3.4's InvoiceService.generate builds on every call, built once per
 * process (issue 57): its JSON schema compiled by ajv, per output format, took ~0.15 s of every
 * document (two per issue). The same steps then run per document in the same order (clone, validate
 * with defaults, fill the format's defaults, generate), with the library's own ajv (resolved from the
 * library, so the version it was built with), its own schema, formatter and validation, so the bytes
 * are the library's (einvoice.test.ts compares them with InvoiceService.generate). The library
 * (70 MB, 0.3 s to load) comes with the first invoice issued, not at start.
 */
function loadGenerator(): Promise<Generator> {
  if (generator) return generator;
  const loading = (async (): Promise<Generator> => {
    const core = await import('@e-invoice-eu/core');
    const requireFromCore = createRequire(createRequire(import.meta.url).resolve('@e-invoice-eu/core'));
    const Ajv2019 = requireFromCore('ajv/dist/2019') as new (options: object) => { compile(schema: object): Validator };
    const formats = new core.FormatFactoryService();
    const validation = new core.ValidationService(silent);
    const validators = new Map<string, Validator>();
    return {
      formatter: (format) => formats.createFormatService(format, silent) as unknown as Formatter,
      normalizeFormat: (format) => formats.normalizeFormat(format),
      validator: (format, formatter) => {
        let validator = validators.get(format);
        if (!validator) {
          const ajv = new Ajv2019({ strict: true, allErrors: true, useDefaults: true });
          const schema = structuredClone(core.invoiceSchema);
          formatter.patchSchema(schema);
          validator = ajv.compile(schema);
          validators.set(format, validator);
        }
        return validator;
      },
      validate: (data, validator) =>
        validation.validate(
          'invoice data',
          validator as unknown as Parameters<typeof validation.validate>[1],
          data,
        ) as Invoice,
    };
  })();
  // A failed load (say, the library missing) is tried again with the next invoice.
  loading.catch(() => (generator = null));
  generator = loading;
  return loading;
}

/** The library's generator; its data validation errors (ajv) are put into the message. */
async function generate(data: Invoice, options: GenerateOptions, preceding: { number: string; date: string } | null) {
  try {
    const g = await loadGenerator();
    const formatter = g.formatter(options.format);
    if (preceding) {
      // The one seam for both documents: every CII the library renders (XRechnung and the XML in the
      // ZUGFeRD PDF) passes its formatter's postProcess before it is written out. Internal to 2.3.4,
      // so a version without it fails here loudly instead of dropping BT-25 again.
      const post = formatter.postProcess?.bind(formatter);
      if (!post) throw new Error('@e-invoice-eu/core formatter without postProcess: BT-25 cannot be added');
      formatter.postProcess = (cii) => {
        post(cii);
        withPrecedingInvoice(cii, preceding);
      };
    }
    const format = g.normalizeFormat(options.format);
    const invoice = g.validate(structuredClone(data), g.validator(format, formatter));
    formatter.fillInvoiceDefaults(invoice);
    return await formatter.generate(invoice, { ...options, format });
  } catch (error) {
    const details = (error as { errors?: unknown }).errors;
    if (details) throw new Error(`e-invoice data refused: ${JSON.stringify(details).slice(0, 2000)}`, { cause: error });
    throw error;
  }
}

/** XRechnung 3.0 in the CII syntax. */
export async function xrechnungXml(input: InvoiceDocumentInput): Promise<string> {
  const xml = await generate(
    einvoiceData(input, XRECHNUNG),
    { format: 'XRECHNUNG-CII', lang: input.language },
    input.snapshot.cancels ?? null,
  );
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}

/** ZUGFeRD / Factur-X EN 16931: the readable PDF as PDF/A-3 with factur-x.xml embedded. */
export async function facturXPdf(input: InvoiceDocumentInput, readablePdf: Uint8Array): Promise<Uint8Array> {
  const pdf = await generate(
    einvoiceData(input, EN16931),
    {
      format: 'Factur-X-EN16931',
      lang: input.language,
      pdf: { buffer: readablePdf, filename: `${input.number}.pdf`, mimetype: 'application/pdf' },
    },
    input.snapshot.cancels ?? null,
  );
  return typeof pdf === 'string' ? new TextEncoder().encode(pdf) : pdf;
}
