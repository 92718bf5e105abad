// Run as a child process by `npm run bench` (heavy-work.mjs, with tsx): the libraries doing the
// heavy work of an invoice issue and an agreement countersignature without HTTP or database, so the
// server's figures of the same run have their raw cost beside them (issue 57). Prints one JSON line:
// per step the milliseconds of each measured run (after one unmeasured warm-up run).
//   invoice documents         readable PDF (pdf-lib) + ZUGFeRD + XRechnung (@e-invoice-eu/core), the
//                             validators kept (what an issue does now)
//   invoice documents, library generate per call   the same with InvoiceService.generate per document
//                             (a validator compiled per call: what an issue did before decision 068)
//   agreement draft render    the draft PDF (pdf-lib) and its SHA-256: what a state read did before
//   agreement seal            the seal of a draft with both signatures (pdf-lib, @signpdf, node-forge)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDraft } from '../../apps/api/src/modules/agreements/render.ts';
import { sealAgreement } from '../../apps/api/src/modules/agreements/seal.ts';
import { loadSealKey } from '../../apps/api/src/modules/agreements/seal-key.ts';
import type { AgreementSnapshot } from '../../apps/api/src/modules/agreements/snapshot.ts';
import { facturXPdf, xrechnungXml, type InvoiceDocumentInput } from '../../apps/api/src/modules/invoices/einvoice.ts';
import { lineOf, totalsOf } from '../../apps/api/src/modules/invoices/money.ts';
import { readablePdf } from '../../apps/api/src/modules/invoices/pdf.ts';
import { vatNoteOf } from '../../apps/api/src/modules/invoices/snapshot.ts';
import { libraryEInvoices } from '../../apps/api/src/modules/invoices/test-support.ts';

const runs = Number(process.argv[2] ?? 3);
const drawn = process.argv[3] ?? null;
// At the server's document threads' priority (RAW_NICE, from heavy-work.mjs; decision 110), so both
// sides of a ratio get the same share of a machine shared with other programs.
const nice = Number(process.env.RAW_NICE ?? 0);
if (Number.isInteger(nice) && nice > 0) os.setPriority(0, Math.min(19, os.getPriority(0) + nice));

const lines = [lineOf({ description: 'Gold – Benchmark-Event', quantity: 1, unitPriceCents: 250_000 }, 19)];
const totals = totalsOf(lines);
const invoice: InvoiceDocumentInput = {
  id: 1,
  number: 'RE-2027-0001',
  kind: 'invoice',
  invoiceDate: '2027-01-15',
  serviceDate: '2027-06-20',
  dueDate: '2027-01-29',
  language: 'de',
  treatment: 'standard',
  vatRate: 19,
  snapshot: {
    seller: {
      name: 'Sportverein Musterstadt e.V.',
      street: 'Hauptstraße',
      houseNumber: '12a',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE123456789',
      taxNumber: '30/123/45678',
      email: 'kasse@sv-musterstadt.de',
      phone: '+49 30 1234567',
    },
    buyer: {
      name: 'Müller Getränke GmbH',
      street: 'Industriestraße',
      houseNumber: '5',
      postalCode: '50667',
      city: 'Köln',
      country: 'DE',
      vatId: null,
      taxNumber: null,
      email: 'buchhaltung@mueller.example',
    },
    lines,
    vatNote: vatNoteOf('standard', 'de', null),
    bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
    paymentTermDays: 14,
    cancels: null,
  },
  ...totals,
  sponsorshipId: 7,
};

const snapshot: AgreementSnapshot = {
  version: 1,
  language: 'de',
  sponsorshipId: 7,
  issuedAt: '2027-01-10T10:00:00.000Z',
  organisation: {
    name: 'Sportverein Musterstadt e.V.',
    street: 'Hauptstraße',
    houseNumber: '12a',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  sponsor: {
    legalName: 'Müller Getränke GmbH',
    street: 'Industriestraße',
    houseNumber: '5',
    postalCode: '50667',
    city: 'Köln',
    country: 'DE',
    vatId: 'DE123456789',
    email: 'sponsor@bench.example.org',
  },
  event: { title: 'Benchmark-Event', date: '2027-06-20', location: 'Messe Benchstadt' },
  package: {
    name: 'Gold',
    benefits: [
      { title: 'Logo auf dem Bühnenbanner', dueDate: '2027-05-01' },
      { title: 'Stand im Foyer', dueDate: null },
    ],
  },
  amountCents: 250_000,
  paymentTermDays: 30,
  clauses: 'Gerichtsstand ist München. Änderungen bedürfen der Textform.',
};

async function measure(work: () => Promise<unknown>): Promise<number[]> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-heavy-raw-'));
try {
  const key = await loadSealKey({ p12: null, passphrase: '', dataDir });
  const draft = await renderDraft(snapshot);
  const sha256 = createHash('sha256').update(draft).digest('hex');
  const signature = (side: 'sponsor' | 'organisation') => ({
    side,
    fullName: 'Jörg Weiß',
    position: 'Geschäftsführer',
    email: 'sponsor@bench.example.org',
    signedAt: new Date('2027-01-11T10:00:00Z'),
    ip: '127.0.0.1',
    userAgent: 'bench',
    documentSha256: sha256,
    drawnSignature: side === 'sponsor' ? drawn : null,
  });
  const result = {
    'invoice documents': await measure(async () => {
      const pdf = await readablePdf(invoice);
      await Promise.all([facturXPdf(invoice, pdf), xrechnungXml(invoice)]);
    }),
    'invoice documents, library generate per call': await measure(async () =>
      libraryEInvoices(invoice, await readablePdf(invoice)),
    ),
    'agreement draft render': await measure(async () =>
      createHash('sha256')
        .update(await renderDraft(snapshot))
        .digest('hex'),
    ),
    'agreement seal': await measure(() =>
      sealAgreement({
        draft,
        snapshot,
        signatures: [signature('sponsor'), signature('organisation')],
        audit: [],
        completedAt: new Date('2027-01-12T10:00:00Z'),
        key,
      }),
    ),
  };
  console.log(JSON.stringify(result));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
