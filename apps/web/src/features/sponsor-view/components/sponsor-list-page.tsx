import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/hooks/use-language';
import { formatCurrency, formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { sponsorListQueryOptions } from '../api/sponsor-view';
import { SponsorshipStatusBadge } from './sponsorship-status';

/** The organisation's sponsors across its events, one row per sponsor, each leading to its page. */
export function SponsorListPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { data: sponsors } = useSuspenseQuery(sponsorListQueryOptions());
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const shown = query ? sponsors.filter((s) => `${s.name ?? ''} ${s.email}`.toLowerCase().includes(query)) : sponsors;

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('sponsorView.list.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('sponsorView.list.lead')}</p>
      </div>
      {sponsors.length === 0 ? (
        <p className="text-muted-foreground">{t('sponsorView.list.empty')}</p>
      ) : (
        <>
          <div className="flex max-w-sm flex-col gap-2">
            <Label htmlFor="sponsor-filter">{t('sponsorView.list.filter')}</Label>
            <Input
              id="sponsor-filter"
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
            />
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('sponsorView.list.count', { count: shown.length })}
          </p>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {shown.map((sponsor) => (
              <li key={sponsor.key}>
                <Link
                  to="/dashboard/organizer/sponsors/$key"
                  params={{ key: sponsor.key }}
                  className="grid gap-2 px-4 py-3 hover:bg-accent focus-visible:bg-accent sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_9rem_8rem] sm:items-center sm:gap-4"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium break-words sm:truncate">{sponsor.name ?? sponsor.email}</span>
                    {sponsor.name ? (
                      <span className="text-sm break-all text-muted-foreground sm:truncate">{sponsor.email}</span>
                    ) : null}
                  </span>
                  <span className="flex min-w-0 flex-col text-sm">
                    <span className="break-words sm:truncate">
                      {t('sponsorView.list.latest', {
                        title: sponsor.latest_event_title,
                        date: formatDate(sponsor.latest_event_date, language),
                      })}
                    </span>
                    <span>
                      <SponsorshipStatusBadge status={sponsor.latest_status} />
                    </span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {t('sponsorView.list.events', { count: sponsor.events })}
                  </span>
                  <span className="flex flex-col text-sm sm:items-end">
                    <span className="text-xs text-muted-foreground">{t('sponsorView.totals.committed')}</span>
                    <span className="font-medium tabular-nums">
                      {formatCurrency(sponsor.committed_cents / 100, language)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="text-muted-foreground">{t('sponsorView.list.noMatch')}</p> : null}
        </>
      )}
    </main>
  );
}
