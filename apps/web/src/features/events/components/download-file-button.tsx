import { useMutation } from '@tanstack/react-query';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { EventFile } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadEventFile } from '../api/download-event-file';

/** The event's stored PDF as a button with its file name; a click saves it. */
export function DownloadFileButton({ file }: { file: EventFile }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadEventFile(file.key, file.name),
    onError: (error) => toast.error(t('events.errors.download', { message: getErrorMessage(error, t) })),
  });
  return (
    <Button
      variant="outline"
      className="h-auto min-h-10 max-w-full justify-start py-2 text-left whitespace-normal"
      disabled={download.isPending}
      aria-label={t('events.form.pdf.download', { name: file.name })}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      <span className="min-w-0 break-all">{file.name}</span>
    </Button>
  );
}
