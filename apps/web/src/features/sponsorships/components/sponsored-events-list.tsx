import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2Icon, CalendarDaysIcon, LoaderCircleIcon } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { mySponsorshipsQueryOptions } from '../api/list-my-sponsorships';
import { StatusBadge } from './status-badge';

/** The events the signed-in user sponsors (from their sponsorships), newest first. */
function SponsoredEvents() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(mySponsorshipsQueryOptions());

  let content;
  if (query.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorDashboard.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <p role="alert" className="text-sm text-destructive">
        {t('sponsorDashboard.error', { message: getErrorMessage(query.error, t) })}
      </p>
    );
  } else if (query.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">{t('sponsorDashboard.events.empty')}</p>;
  } else {
    content = (
      <ul className="flex flex-col gap-3">
        {query.data.map((sponsorship) => (
          <li
            key={sponsorship.id}
            className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <h3 className="font-semibold break-words">{sponsorship.eventTitle}</h3>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDaysIcon className="size-4 shrink-0" aria-hidden="true" />
                  <time dateTime={sponsorship.eventDate} className="tabular-nums">
                    {format.date(sponsorship.eventDate)}
                  </time>
                </span>
                <span className="inline-flex min-w-0 items-center gap-1.5">
                  <Building2Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="break-words">{sponsorship.organisationName}</span>
                </span>
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-medium tabular-nums">
                {sponsorship.amountCents !== null ? format.currency(sponsorship.amountCents / 100) : null}
              </span>
              <StatusBadge sponsorship={sponsorship} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return content;
}

function DashboardLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/dashboard-sponsor">{t('sponsorDashboard.events.dashboardLink')}</Link>
    </Button>
  );
}

/** /events/ for a sponsor: the events they sponsor. */
export function SponsoredEventsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('sponsorDashboard.events.title')} lead={t('sponsorDashboard.events.sponsoredLead')} width="wide">
      <div className="mt-4">
        <DashboardLink />
      </div>
      <div className="mt-6">
        <SponsoredEvents />
      </div>
    </Page>
  );
}

/** Below an organiser's own events (role beides): the events they sponsor. */
export function SponsoredEventsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sponsored-events-title" className="mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sponsored-events-title" className="text-xl font-semibold tracking-tight">
            {t('sponsorDashboard.events.sponsoredTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('sponsorDashboard.events.sponsoredLead')}</p>
        </div>
        <DashboardLink />
      </div>
      <div className="mt-4">
        <SponsoredEvents />
      </div>
    </section>
  );
}
