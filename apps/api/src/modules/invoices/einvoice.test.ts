// Schema and EN 16931 / XRechnung validation of the e-invoices the invoices module makes, in every
// VAT treatment and as a cancellation, as XRechnung XML and as ZUGFeRD PDF (decision record 026).
// Needs java, Saxon-HE, xmllint and pdfdetach (installed by .ci/run). A broken invoice must fail, so
// the checks are known to bite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VatTreatment } from '@sp/shared';
import { documentInput, makeDocuments } from './documents.ts';
import type { InvoiceDocumentInput } from './einvoice.ts';
import { readablePdf } from './pdf.ts';
import { lineOf, negated, totalsOf } from './money.ts';
import type { InvoiceRecord } from './repository.ts';
import { vatNoteOf, type InvoiceParty } from './snapshot.ts';
import { embeddedXml, validateCii, type Verdict } from '../../../test/einvoice/validate.ts';
import { libraryEInvoices, SELLER_PARTY } from './test-support.ts';

const seller = SELLER_PARTY;
const buyer: InvoiceParty = {
  name: 'Müller Getränke GmbH',
  street: 'Industriestraße',
  houseNumber: '5',
  postalCode: '50667',
  city: 'Köln',
  country: 'DE',
  vatId: null,
  taxNumber: null,
  email: 'buchhaltung@mueller.example',
};

function record(
  treatment: VatTreatment,
  rate: number,
  change: { buyer?: InvoiceParty; seller?: InvoiceParty; reason?: string; language?: 'de' | 'en' } = {},
): InvoiceRecord {
  const lines = [
    lineOf(
      { description: 'Gold: Logo auf dem Trikot, Stand – Stadtlauf 2026', quantity: 1, unitPriceCents: 100_000 },
      rate,
    ),
    lineOf({ description: 'Zusatzbanner', quantity: 3, unitPriceCents: 3_333 }, rate),
  ];
  const totals = totalsOf(lines);
  const language = change.language ?? 'de';
  return {
    id: 1,
    organisation_id: 1,
    sponsorship_id: 7,
    event_id: 3,
    event_title: 'Stadtlauf 2026',
    sponsor_email: 'sponsor@mueller.example',
    sponsor_email_normalized: 'sponsor@mueller.example',
    kind: 'invoice',
    number: 'RE-2026-0001',
    status: 'issued',
    invoice_date: '2026-06-01',
    service_date: '2026-07-04',
    due_date: '2026-06-15',
    language,
    vat_treatment: treatment,
    vat_rate: rate,
    zero_rate_reason: change.reason ?? null,
    note: null,
    created_by: 'kasse@sv-musterstadt.de',
    snapshot: {
      seller: change.seller ?? seller,
      buyer: change.buyer ?? buyer,
      lines,
      vatNote: vatNoteOf(treatment, language, change.reason ?? null),
      bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
      paymentTermDays: 14,
      cancels: null,
    },
    net_cents: totals.netCents,
    vat_cents: totals.vatCents,
    gross_cents: totals.grossCents,
    paid_cents: 0,
    cancels_invoice_id: null,
    cancelled_by_invoice_id: null,
    further_invoice: false,
    revision: 0,
    reminders_sent: 0,
    last_reminder_on: null,
    documents: null,
    issued_at: new Date('2026-06-01T08:00:00Z'),
    sent_at: null,
    created_at: new Date('2026-06-01T08:00:00Z'),
    updated_at: new Date('2026-06-01T08:00:00Z'),
  };
}

function cancellationOf(original: InvoiceRecord): InvoiceRecord {
  const lines = negated(original.snapshot.lines);
  const totals = totalsOf(lines);
  return {
    ...original,
    id: 2,
    kind: 'cancellation',
    number: 'RE-2026-0002',
    invoice_date: '2026-06-03',
    due_date: null,
    cancels_invoice_id: original.id,
    snapshot: { ...original.snapshot, lines, cancels: { number: original.number!, date: original.invoice_date! } },
    net_cents: totals.netCents,
    vat_cents: totals.vatCents,
    gross_cents: totals.grossCents,
  };
}

const standard = record('standard', 19);
const VARIANTS: Record<string, InvoiceRecord> = {
  standard,
  reduced: record('standard', 7, { language: 'en' }),
  'small-business': record('small_business', 0, { seller: { ...seller, vatId: null } }),
  'reverse-charge': record('reverse_charge', 0, {
    buyer: { ...buyer, country: 'AT', city: 'Wien', postalCode: '1010', vatId: 'ATU12345678' },
  }),
  'zero-rated': record('zero_rated', 0, { reason: 'Steuerfrei nach § 4 Nr. 22 b UStG' }),
  'not-taxable': record('not_taxable', 0, {
    buyer: { ...buyer, country: 'CH', city: 'Zürich', postalCode: '8001', vatId: 'CHE123456789MWST' },
  }),
  cancellation: cancellationOf(standard),
};

describe('e-invoices against the CII schema, EN 16931 and XRechnung 3.0', () => {
  let work: string;
  let verdicts: Record<string, Verdict>;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-'));
    for (const [name, r] of Object.entries(VARIANTS)) {
      const docs = await makeDocuments(r);
      files[`${name}-xrechnung`] = new TextDecoder().decode(docs.xml);
      files[`${name}-zugferd`] = embeddedXml(work, docs.zugferd);
      if (process.env.EINVOICE_DUMP) fs.writeFileSync(`${process.env.EINVOICE_DUMP}/${name}.pdf`, docs.zugferd);
    }
    // A broken invoice: the payable amount no longer matches the totals (BR-CO-16), the number is gone (BR-02).
    files['broken-xrechnung'] = files['standard-xrechnung']!.replace(
      /<ram:DuePayableAmount>[^<]+</,
      '<ram:DuePayableAmount>1.00<',
    ).replace(/<ram:ID>RE-2026-0001<\/ram:ID>/, '');
    verdicts = validateCii(work, files);
    if (process.env.EINVOICE_DUMP)
      for (const [n, x] of Object.entries(files)) fs.writeFileSync(`${process.env.EINVOICE_DUMP}/${n}.xml`, x);
  }, 180_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it.each(Object.keys(VARIANTS))('%s: XRechnung XML and the XML in the ZUGFeRD PDF are valid', (name) => {
    for (const file of [`${name}-xrechnung`, `${name}-zugferd`]) {
      const verdict = verdicts[file]!;
      expect({ file, schema: verdict.schema, errors: verdict.errors }).toEqual({ file, schema: [], errors: [] });
      expect(verdict.firedRules).toBeGreaterThan(20);
    }
    expect(files[`${name}-xrechnung`]).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(files[`${name}-zugferd`]).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('fails a broken invoice (the checks bite)', () => {
    const verdict = verdicts['broken-xrechnung']!;
    expect(verdict.errors.join('\n')).toMatch(/BR-CO-16|BR-02/);
    expect(verdict.schema.length + verdict.errors.length).toBeGreaterThan(0);
  });

  it('marks the treatments as EN 16931 wants them', () => {
    expect(files['reverse-charge-xrechnung']).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(files['reverse-charge-xrechnung']).toContain('VATEX-EU-AE');
    expect(files['not-taxable-xrechnung']).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(files['not-taxable-xrechnung']).toContain('VATEX-EU-O');
    expect(files['not-taxable-xrechnung']).toContain('Nicht im Inland steuerbare Leistung');
    expect(files['not-taxable-xrechnung']).not.toContain('DE123456789');
    expect(files['not-taxable-xrechnung']).not.toContain('CHE123456789');
    expect(files['not-taxable-xrechnung']).toContain('30/123/45678');
    expect(files['small-business-xrechnung']).toContain('§ 19 UStG');
    expect(files['zero-rated-xrechnung']).toContain('Steuerfrei nach § 4 Nr. 22 b UStG');
    expect(files['cancellation-xrechnung']).toContain('<ram:TypeCode>384</ram:TypeCode>');
    expect(files['cancellation-xrechnung']).toContain('Storno der Rechnung RE-2026-0001 vom 2026-06-01.');
  });

  // Decision 060: the library dropped BG-3, so XRechnung warned BR-DE-26 (a corrected invoice should
  // name the preceding one) and a bookkeeper could not match the Storno to the invoice it cancels.
  it('a cancellation names the invoice it cancels (BT-25, BT-26) in both documents, without BR-DE-26', () => {
    const reference =
      /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>\s*<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-0001<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260601<\/qdt:DateTimeString>/;
    for (const file of ['cancellation-xrechnung', 'cancellation-zugferd']) {
      expect(files[file]).toMatch(reference);
      expect(verdicts[file]!.warnings.filter((w) => w.startsWith('BR-DE-26'))).toEqual([]);
    }
    expect(files['standard-xrechnung']).not.toContain('InvoiceReferencedDocument');
  });
});

describe('e-invoices made with the validators built once', () => {
  // The ZUGFeRD PDF carries the time it was made (creation date, XMP): one fixed time for both.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T08:00:00Z'));
  });
  afterAll(() => vi.useRealTimers());

  it.each(Object.keys(VARIANTS))("%s: the same bytes as the library's own generate", async (name) => {
    const r = VARIANTS[name]!;
    const ours = await makeDocuments(r);
    const input = documentInput(r) as InvoiceDocumentInput;
    const theirs = await libraryEInvoices(input, await readablePdf(input));
    expect(Buffer.from(ours.xml).equals(theirs.xml)).toBe(true);
    expect(Buffer.from(ours.zugferd).equals(theirs.zugferd)).toBe(true);
    // Made again with the same (kept) validator: still the same bytes.
    const again = await makeDocuments(r);
    expect(Buffer.from(again.zugferd).equals(theirs.zugferd)).toBe(true);
  });

  it('refuses invalid data with the validator kept, and the next invoice is made all the same', async () => {
    const broken = { ...standard, snapshot: { ...standard.snapshot, buyer: { ...buyer, country: 'XX' } } };
    await expect(makeDocuments(broken)).rejects.toThrow(/e-invoice data refused/);
    expect((await makeDocuments(standard)).xml.length).toBeGreaterThan(1000);
  });
});
