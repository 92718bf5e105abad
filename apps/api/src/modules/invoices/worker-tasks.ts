// What the invoices module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { facturXPdf, xrechnungXml, type InvoiceDocumentInput } from './einvoice.ts';
import { readablePdf, type ReadableInput } from './pdf.ts';

export type InvoiceDocumentsMade = { pdf: Uint8Array; zugferd: Uint8Array; xml: Uint8Array };

export const invoiceWorkerTasks = {
  /** The three documents of an issued invoice (the validators are built once per worker, einvoice.ts). */
  'invoice.documents': async (input: InvoiceDocumentInput): Promise<InvoiceDocumentsMade> => {
    const pdf = await readablePdf(input);
    const [zugferd, xml] = await Promise.all([facturXPdf(input, pdf), xrechnungXml(input)]);
    return { pdf, zugferd, xml: new TextEncoder().encode(xml) };
  },
  /** A draft's preview PDF. */
  'invoice.preview': (input: ReadableInput): Promise<Uint8Array> => readablePdf(input),
};
