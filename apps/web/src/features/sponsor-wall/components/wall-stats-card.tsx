import { useQuery } from '@tanstack/react-query';
import { ChartColumnIcon, LoaderCircleIcon } from 'lucide-react';
import type { Language } from '@sp/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { clickRate, eventWallStatsQueryOptions, formatCount } from '@/lib/wall-figures';

/** The organisers' figures of the event's public wall: per sponsor, the last 30 days (decision 102). */
export function WallStatsCard({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const query = useQuery(eventWallStatsQueryOptions(eventId));
  const n = (value: number) => formatCount(value, language);

  let content;
  if (query.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('wallStats.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <p className="text-sm text-destructive" role="alert">
        {t('wallStats.loadFailed')}
      </p>
    );
  } else if (query.data.sponsors.length === 0) {
    content = <p className="text-sm text-muted-foreground">{t('wallStats.empty')}</p>;
  } else {
    const { totals, sponsors, from, to } = query.data;
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-sm" data-testid="wall-stats-totals">
          {t('wallStats.totals', {
            impressions: n(totals.impressions),
            clicks: n(totals.clicks),
            from: formatDate(from, language),
            to: formatDate(to, language),
          })}
        </p>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[18rem] text-sm" data-testid="wall-stats-table">
            <caption className="sr-only">{t('wallStats.caption')}</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('wallStats.sponsor')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('wallStats.impressions')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('wallStats.clicks')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('wallStats.rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sponsors.map((sponsor) => (
                <tr key={sponsor.sponsorship_id} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    <span className="break-words">{sponsor.name}</span>
                    <span className="block text-xs font-normal text-muted-foreground">
                      {t('wallStats.byPlacement', {
                        page: n(sponsor.page.impressions),
                        embed: n(sponsor.embed.impressions),
                      })}
                    </span>
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{n(sponsor.impressions)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{n(sponsor.clicks)}</td>
                  <td className="py-2 text-right tabular-nums">{clickRate(sponsor, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  }

  return (
    <Card data-testid="wall-stats-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ChartColumnIcon className="size-5 text-primary" aria-hidden="true" />
          {t('wallStats.title')}
        </CardTitle>
        <CardDescription>{t('wallStats.lead')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
