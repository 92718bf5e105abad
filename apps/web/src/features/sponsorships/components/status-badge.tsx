import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { Sponsorship } from '../api/sponsorship';

const TONES: Record<Sponsorship['status'], string> = {
  invited: 'bg-secondary text-secondary-foreground',
  downloaded: 'bg-secondary text-secondary-foreground',
  signed: 'bg-warning/15 text-foreground',
  confirmed: 'bg-primary/10 text-primary',
  declined: 'bg-destructive/10 text-destructive',
  withdrawn: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status, className }: { status: Sponsorship['status']; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', TONES[status], className)}
      data-status={status}
    >
      {t(`sponsorships.status.${status}`)}
    </span>
  );
}
