import { LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';

/** Shown by the router only after a delay (defaultPendingMs), so fast loads do not flash. */
export function PendingView() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-64 items-center justify-center gap-2 text-muted-foreground">
      <LoaderCircleIcon className="size-5 animate-spin" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
