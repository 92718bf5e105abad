// The documents of an issued invoice: the readable PDF, the ZUGFeRD PDF and the XRechnung XML, made
// once from the frozen snapshot and stored as blobs named by their SHA-256 (ARCHITECTURE.md: a
// generated document is stored like an uploaded one). A draft's preview PDF is made on request and
// never stored.
import { createHash } from 'node:crypto';
import type { BlobStore } from '../../ports/blobs/index.ts';
import { workPool } from '../../lib/work-pool.ts';
import type { InvoiceDocumentInput } from './einvoice.ts';
import type { ReadableInput } from './pdf.ts';
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

/** The three documents of an issued invoice, made on the worker pool (worker-tasks.ts). */
export async function makeDocuments(r: InvoiceRecord): Promise<Record<DocumentKind, Uint8Array>> {
  return workPool().run('invoice.documents', documentInput(r) as InvoiceDocumentInput);
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
    const kinds = ['pdf', 'zugferd', 'xml'] as const;
    // The three files at once (decision 110): each write waits for its own sync to the disk, and one
    // after the other they were three syncs in a row inside the issue. A blob is named by its hash,
    // so one left behind by a failure is the same file the next attempt writes.
    const stored = await Promise.all(
      kinds.map(async (kind) => {
        const hash = sha256(made[kind]);
        const key = `invoices/${r.organisation_id}/${hash}.${kind === 'xml' ? 'xml' : 'pdf'}`;
        await blobs.put(key, Buffer.from(made[kind]), CONTENT_TYPES[kind]);
        return { key, sha256: hash };
      }),
    );
    const documents = {} as StoredDocuments;
    kinds.forEach((kind, i) => (documents[kind] = stored[i]!));
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
    preview: (r: InvoiceRecord) => workPool().run<Uint8Array>('invoice.preview', documentInput(r)),
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
