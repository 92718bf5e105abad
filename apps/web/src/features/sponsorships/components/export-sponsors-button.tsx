import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadSponsorsCsv } from '../api/export-sponsors';

/** Saves every sponsor of the event (not only the filtered ones) as a CSV file for a spreadsheet. */
export function ExportSponsorsButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await downloadSponsorsCsv(eventId);
    } catch (error) {
      toast.error(t('sponsorships.export.failed', { message: getErrorMessage(error, t) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void save()}
      disabled={saving}
      title={t('sponsorships.export.hint')}
    >
      {saving ? (
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon className="size-4" aria-hidden="true" />
      )}
      {t('sponsorships.export.button')}
    </Button>
  );
}
