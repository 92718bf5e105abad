// The documents of an issued invoice: the readable PDF, the ZUGFeRD PDF and the XRechnung XML, made
// once from the frozen snapshot and stored as blobs named by their SHA-256 (ARCHITECTURE.md: a
// generated document is stored like an uploaded one). A draft's preview PDF is made on request and
// never stored.
import { createHash } from 'node:crypto';
import type { BlobStore } from '../../ports/blobs/index.ts';
import { facturXPdf, xrechnungXml, type InvoiceDocumentInput } from './einvoice.ts';
import { readablePdf, type ReadableInput } from './pdf.ts';
import type { InvoiceRecord, InvoicesRepository, StoredDocuments } from './repository.ts';

export type DocumentKind = keyof StoredDocuments;

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  zugferd: 'application/pdf',
  xml: 'application/xml',
};

export function documentInput(r: InvoiceRecord): ReadableInput {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    invoiceDate: r.invoice_date,
    serviceDate: r.service_date,
    dueDate: r.due_date,
    language: r.language,
    treatment: r.vat_treatment,
    vatRate: r.vat_rate,
    snapshot: r.snapshot,
    netCents: r.net_cents,
    vatCents: r.vat_cents,
    grossCents: r.gross_cents,
    sponsorshipId: r.sponsorship_id,
  };
}

/** The three documents of an issued invoice. */
export async function makeDocuments(r: InvoiceRecord): Promise<Record<DocumentKind, Uint8Array>> {
  const input = documentInput(r) as InvoiceDocumentInput;
  const pdf = await readablePdf(input);
  const [zugferd, xml] = await Promise.all([facturXPdf(input, pdf), xrechnungXml(input)]);
  return { pdf, zugferd, xml: new TextEncoder().encode(xml) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function createDocumentStore(deps: { repo: InvoicesRepository; blobs: BlobStore }) {
  const { repo, blobs } = deps;

  /** Makes and stores the documents of an issued invoice once; answers them. */
  const ensure = async (r: InvoiceRecord): Promise<Record<DocumentKind, Uint8Array>> => {
    if (r.documents) {
      const stored = await readAll(r.documents);
      if (stored) return stored;
    }
    const made = await makeDocuments(r);
    const documents = {} as StoredDocuments;
    for (const kind of ['pdf', 'zugferd', 'xml'] as const) {
      const hash = sha256(made[kind]);
      const key = `invoices/${r.organisation_id}/${hash}.${kind === 'xml' ? 'xml' : 'pdf'}`;
      await blobs.put(key, Buffer.from(made[kind]), CONTENT_TYPES[kind]);
      documents[kind] = { key, sha256: hash };
    }
    await repo.setDocuments(r.id, documents);
    return made;
  };

  const readAll = async (documents: StoredDocuments) => {
    const out = {} as Record<DocumentKind, Uint8Array>;
    for (const kind of ['pdf', 'zugferd', 'xml'] as const) {
      const blob = await blobs.read(documents[kind].key);
      if (!blob) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (sha256(bytes) !== documents[kind].sha256) return null;
      out[kind] = new Uint8Array(bytes);
    }
    return out;
  };

  return {
    ensure,
    /** A draft's preview (readable PDF, marked as a draft). */
    preview: (r: InvoiceRecord) => readablePdf(documentInput(r)),
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
