import type { SponsorshipStatus } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const TONES: Record<SponsorshipStatus, string> = {
  invited: 'bg-secondary text-secondary-foreground',
  downloaded: 'bg-secondary text-secondary-foreground',
  signed: 'bg-warning/15 text-foreground',
  confirmed: 'bg-primary/10 text-primary',
  declined: 'bg-destructive/10 text-destructive',
  withdrawn: 'bg-muted text-muted-foreground',
};

/** A sponsorship's status in words, as the sponsors table names it. */
export function SponsorshipStatusBadge({ status }: { status: SponsorshipStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONES[status])}
      data-status={status}
    >
      {t(`sponsorships.status.${status}`)}
    </span>
  );
}
