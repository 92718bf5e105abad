// Invoice files through the API (a plain link cannot carry the token or the guest's access): the
// readable PDF, the ZUGFeRD PDF, the XRechnung XML and the organisation's CSV export.
import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { authOf, filterQuery, type InvoiceFilters, type InvoiceViewer } from './invoices';

export const INVOICE_FILES = ['pdf', 'zugferd', 'xml'] as const;
export type InvoiceFile = (typeof INVOICE_FILES)[number];

const PATHS: Record<InvoiceFile, string> = {
  pdf: 'invoice.pdf',
  zugferd: 'zugferd.pdf',
  xml: 'xrechnung.xml',
};

/** The saved file's name: the invoice number (or "draft-<id>") and what it is. */
export function invoiceFileName(invoice: { id: number; number: string | null }, file: InvoiceFile): string {
  const base = (invoice.number ?? `draft-${invoice.id}`).replace(/[^\w.-]+/g, '_');
  if (file === 'zugferd') return `${base}-zugferd.pdf`;
  if (file === 'xml') return `${base}-xrechnung.xml`;
  return `${base}.pdf`;
}

export async function downloadInvoiceFile(
  invoice: { id: number; number: string | null },
  file: InvoiceFile,
  viewer: InvoiceViewer,
): Promise<void> {
  const { data } = await api.getBlob(`/invoices/${invoice.id}/${PATHS[file]}`, { auth: authOf(viewer) });
  saveBlobAs(data, invoiceFileName(invoice, file));
}

export async function downloadInvoicesCsv(organisationId: number, filters: InvoiceFilters): Promise<void> {
  const { data } = await api.getBlob(`/organisation/${organisationId}/invoices.csv${filterQuery(filters)}`);
  saveBlobAs(data, `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
}
