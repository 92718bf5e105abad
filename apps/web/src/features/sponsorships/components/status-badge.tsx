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

/**
 * The status in words. A signed sponsorship says how it was signed (docs/glossary.md): with an
 * uploaded signed copy, or, without one, in the browser (the generated agreement).
 */
export function StatusBadge({
  sponsorship,
  className,
}: {
  sponsorship: Pick<Sponsorship, 'status' | 'signedAgreement'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { status } = sponsorship;
  return (
    <span
      className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', TONES[status], className)}
      data-status={status}
    >
      {status === 'signed'
        ? t(sponsorship.signedAgreement ? 'sponsorships.signedWay.upload' : 'sponsorships.signedWay.browser')
        : t(`sponsorships.status.${status}`)}
    </span>
  );
}
