import { useMutation } from '@tanstack/react-query';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { InvoiceWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadInvoiceFile, INVOICE_FILES, type InvoiceFile } from '../api/downloads';
import type { InvoiceViewer } from '../api/invoices';

function DownloadButton({
  invoice,
  file,
  viewer,
  label,
}: {
  invoice: Pick<InvoiceWire, 'id' | 'number'>;
  file: InvoiceFile;
  viewer: InvoiceViewer;
  label: string;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadInvoiceFile(invoice, file, viewer),
    onError: (error) => toast.error(t('invoices.files.failed', { message: getErrorMessage(error, t) })),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={download.isPending}
      aria-label={invoice.number ? t('invoices.files.download', { file: label, number: invoice.number }) : undefined}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}

/**
 * The invoice's files: the readable PDF, the ZUGFeRD PDF and the XRechnung XML once issued; a draft
 * has only the preview PDF (marked as draft by the server).
 */
export function InvoiceDownloads({
  invoice,
  viewer,
}: {
  invoice: Pick<InvoiceWire, 'id' | 'number' | 'status'>;
  viewer: InvoiceViewer;
}) {
  const { t } = useTranslation();
  if (invoice.status === 'draft') {
    return <DownloadButton invoice={invoice} file="pdf" viewer={viewer} label={t('invoices.files.preview')} />;
  }
  return (
    <div className="flex flex-wrap gap-2">
      {INVOICE_FILES.map((file) => (
        <DownloadButton key={file} invoice={invoice} file={file} viewer={viewer} label={t(`invoices.files.${file}`)} />
      ))}
    </div>
  );
}
