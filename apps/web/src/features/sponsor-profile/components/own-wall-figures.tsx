import { useQuery } from '@tanstack/react-query';
import type { Language } from '@sp/shared';
import { clickRate, formatCount, sponsorshipWallStatsQueryOptions } from '@/lib/wall-figures';
import { useTranslation } from '@/lib/i18n';
import { authOf, type ProfileViewer } from '../api/sponsor-profile';

/** The sponsor's own figures on an event's public wall, the last 30 days (decision 102). */
export function OwnWallFigures({ viewer, sponsorshipId }: { viewer: ProfileViewer; sponsorshipId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const who = viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me';
  const query = useQuery(sponsorshipWallStatsQueryOptions(sponsorshipId, authOf(viewer), who));
  if (query.isPending) return <p className="text-xs text-muted-foreground">{t('wallStats.loading')}</p>;
  if (query.isError) return <p className="text-xs text-destructive">{t('wallStats.loadFailed')}</p>;
  const { totals } = query.data;
  return (
    <p className="text-xs text-muted-foreground" data-testid={`own-wall-figures-${sponsorshipId}`}>
      {totals.impressions === 0 && totals.clicks === 0
        ? t('wallStats.ownEmpty')
        : t('wallStats.own', {
            impressions: formatCount(totals.impressions, language),
            clicks: formatCount(totals.clicks, language),
            rate: clickRate(totals, language),
          })}
    </p>
  );
}
