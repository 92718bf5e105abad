import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Building2Icon,
  CalendarDaysIcon,
  ClockIcon,
  HandCoinsIcon,
  InboxIcon,
  LoaderCircleIcon,
  MessageSquareIcon,
} from 'lucide-react';
import { useId, type ComponentType, type ReactNode } from 'react';
import { tallySponsorships } from '@sp/shared';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { mySponsorshipsQueryOptions } from '../api/list-my-sponsorships';
import { isOpen, type SponsorViewer, type Sponsorship } from '../api/sponsorship';
import { StatusBadge } from './status-badge';

const ME = { kind: 'user' } as const;

/** A sponsorship's guided steps (put together by the route from the features they span). */
export type SponsorFlowSlot = ComponentType<{ sponsorshipId: number }>;

/**
 * The next-step line of an open sponsorship (the agreements feature's part, given by the route): the
 * generated agreement's own step, or `fallback`, the step its status names.
 */
export type SponsorNextStepSlot = ComponentType<{ sponsorshipId: number; viewer: SponsorViewer; fallback: ReactNode }>;

function SponsorshipCard({
  sponsorship,
  Flow,
  NextStep,
}: {
  sponsorship: Sponsorship;
  Flow: SponsorFlowSlot | undefined;
  NextStep: SponsorNextStepSlot | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const stepsId = useId();
  return (
    <article
      className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5"
      data-testid="sponsor-sponsorship"
      aria-labelledby={`${stepsId}-title`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h2 id={`${stepsId}-title`} className="text-lg leading-snug font-semibold break-words">
            {sponsorship.eventTitle}
          </h2>
          <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDaysIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('sponsorDashboard.list.date')}</span>
              <time dateTime={sponsorship.eventDate} className="tabular-nums">
                {format.date(sponsorship.eventDate)}
              </time>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Building2Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('sponsorDashboard.list.organisation')}</span>
              <span className="break-words">{sponsorship.organisationName}</span>
            </span>
          </p>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
          <span className="text-xl font-semibold tabular-nums">
            <span className="sr-only">{t('sponsorDashboard.list.amount')}: </span>
            {sponsorship.amountCents !== null
              ? format.currency(sponsorship.amountCents / 100)
              : t('sponsorships.amount.none')}
          </span>
          <StatusBadge sponsorship={sponsorship} />
        </div>
      </div>
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">{t('sponsorDashboard.nextStep.label')} </span>
        <span className="font-medium" data-testid="sponsor-next-step">
          {NextStep && (isOpen(sponsorship.status) || sponsorship.status === 'confirmed') ? (
            <NextStep
              sponsorshipId={sponsorship.id}
              viewer={ME}
              fallback={t(`sponsorDashboard.nextStep.${sponsorship.status}`)}
            />
          ) : (
            t(`sponsorDashboard.nextStep.${sponsorship.status}`)
          )}
        </span>
      </p>
      <div className="mt-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/chats-sponsor/">
            <MessageSquareIcon aria-hidden="true" />
            {t('sponsorDashboard.chat')}
          </Link>
        </Button>
      </div>
      {Flow ? (
        <div className="mt-3">
          <Flow sponsorshipId={sponsorship.id} />
        </div>
      ) : null}
    </article>
  );
}

function Summary({ sponsorships }: { sponsorships: Sponsorship[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The same rule as the organiser's figures (docs/glossary.md), over the sponsor's own sponsorships.
  const figures = tallySponsorships(sponsorships);
  return (
    <dl className="mt-8 grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <HandCoinsIcon className="size-4 text-primary" aria-hidden="true" />
          <span className="first-letter:uppercase">{t('figures.committed')}</span>
        </dt>
        <dd className="mt-1">
          <span className="block text-2xl font-bold tabular-nums" data-testid="sponsor-committed">
            {format.currency(figures.committed_cents / 100)}
          </span>
          <span className="text-sm text-muted-foreground">
            {t('sponsorDashboard.committed.hint', { count: figures.sponsor_amount })}
          </span>
        </dd>
      </div>
      <div className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <ClockIcon className="size-4 text-warning" aria-hidden="true" />
          {t('sponsorDashboard.open.label')}
        </dt>
        <dd className="mt-1">
          <span className="block text-2xl font-bold tabular-nums" data-testid="sponsor-open">
            {figures.open_sponsorships}
          </span>
          <span className="text-sm text-muted-foreground">{t('sponsorDashboard.open.hint')}</span>
        </dd>
      </div>
    </dl>
  );
}

/** /dashboard-sponsor: the signed-in sponsor's sponsorships, their next steps and the committed sum. */
export function SponsorDashboardPage({
  Flow,
  NextStep,
}: { Flow?: SponsorFlowSlot; NextStep?: SponsorNextStepSlot } = {}) {
  const { t } = useTranslation();
  const query = useQuery(mySponsorshipsQueryOptions());

  let content;
  if (query.isPending) {
    content = (
      <p role="status" className="mt-8 flex items-center gap-2 text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorDashboard.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <div className="mt-8 flex flex-col items-start gap-4">
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
        >
          {t('sponsorDashboard.error', { message: getErrorMessage(query.error, t) })}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    content = (
      <div className="mt-8 flex flex-col items-center rounded-xl border-2 border-dashed border-border px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <InboxIcon className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('sponsorDashboard.empty.title')}</h2>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">{t('sponsorDashboard.empty.text')}</p>
      </div>
    );
  } else {
    content = (
      <>
        <Summary sponsorships={query.data} />
        <ul className="mt-6 flex flex-col gap-3" aria-label={t('sponsorDashboard.list.label')}>
          {query.data.map((sponsorship) => (
            <li key={sponsorship.id}>
              <SponsorshipCard sponsorship={sponsorship} Flow={Flow} NextStep={NextStep} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page title={t('sponsorDashboard.title')} lead={t('sponsorDashboard.lead')}>
      <LanguageSwitch className="mt-4" />
      {content}
    </Page>
  );
}
