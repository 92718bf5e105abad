import { useMutation } from '@tanstack/react-query';
import { FileJsonIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/api-error';
import { saveBlobAs } from '@/lib/file-transfer';
import { useTranslation } from '@/lib/i18n';

/** GET /data-export saved under the name the server gives (GDPR art. 20). */
async function downloadMyData(): Promise<void> {
  const { data, headers } = await api.getBlob('/data-export');
  const name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'sponsoring-data.json';
  saveBlobAs(data, name);
}

/** 'Meine Daten herunterladen': everything stored about the user as one JSON file. */
export function DataExportSection() {
  const { t } = useTranslation();
  const exportData = useMutation({
    mutationFn: downloadMyData,
    onError: (error) => toast.error(t('profile.export.failed', { message: getErrorMessage(error, t) })),
  });
  return (
    <section
      aria-labelledby="export-heading"
      className="mt-10 flex flex-col gap-4 rounded-xl border border-border p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="export-heading" className="text-lg font-semibold tracking-tight">
          {t('profile.export.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.export.description')}</p>
      </div>
      <Button
        variant="outline"
        className="shrink-0"
        disabled={exportData.isPending}
        onClick={() => exportData.mutate()}
      >
        {exportData.isPending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <FileJsonIcon aria-hidden="true" />
        )}
        {t('profile.export.action')}
      </Button>
    </section>
  );
}
