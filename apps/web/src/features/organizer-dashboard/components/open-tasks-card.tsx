import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { OrganiserTasksWire } from '@sp/shared';
import {
  CalendarClockIcon,
  ClipboardListIcon,
  FileWarningIcon,
  MailIcon,
  ReceiptTextIcon,
  SignatureIcon,
} from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatCurrency, formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { organiserTasksQueryOptions } from '../api/get-tasks';

/** How many tasks of each kind the card lists; the total counts them all. */
const SHOWN = 3;

type PendingInvitation = OrganiserTasksWire['pending_invitations'][number];

/** The events of open sponsor invitations with how many each has, most first (where reminding pays most). */
export function eventsOf(invitations: PendingInvitation[]): Array<{ id: number; title: string; count: number }> {
  const byEvent = new Map<number, { id: number; title: string; count: number }>();
  for (const invitation of invitations) {
    if (invitation.event_id === null) continue;
    const event = byEvent.get(invitation.event_id) ?? {
      id: invitation.event_id,
      title: invitation.event_title ?? '',
      count: 0,
    };
    event.count++;
    byEvent.set(invitation.event_id, event);
  }
  return [...byEvent.values()].sort((a, b) => b.count - a.count);
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Open tasks: events without their PDF, signed agreements to confirm, overdue deliverables, team
 * invitations not yet accepted, and sponsors who have not answered their invitation (by event).
 */
export function OpenTasksCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  // The route's loader fetches them on every visit; mounting does not fetch them a second time.
  const tasks = useQuery({ ...organiserTasksQueryOptions(organisationId), refetchOnMount: false });
  const invitations = tasks.data?.pending_invitations ?? [];
  const teamInvitations = invitations.filter((i) => i.kind === 'team');
  const sponsorInvitations = invitations.filter((i) => i.kind === 'sponsor');

  return (
    <Card className="md:col-span-2 xl:col-span-1">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardListIcon aria-hidden="true" className="size-5 text-primary" />
          {t('organizer.dashboard.tasks.title')}
        </CardTitle>
        <CardDescription>{t('organizer.dashboard.tasks.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {tasks.isPending ? (
          <p className="text-4xl font-bold text-muted-foreground" aria-busy="true">
            <span aria-hidden="true">…</span>
            <span className="sr-only">{t('common.loading')}</span>
          </p>
        ) : tasks.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('organizer.dashboard.error', { message: getErrorMessage(tasks.error, t) })}
          </p>
        ) : (
          <>
            <p className="text-4xl font-bold tabular-nums" data-testid="open-tasks-count">
              {tasks.data.total}
            </p>
            {tasks.data.total === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">{t('organizer.dashboard.tasks.none')}</p>
            ) : (
              <ul className="mt-3 grid gap-2 text-sm">
                {tasks.data.events_without_file.slice(0, SHOWN).map((event) => (
                  <li key={`event-${event.id}`} className="flex gap-2">
                    <FileWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                    <span>
                      {t('organizer.dashboard.tasks.eventWithoutFile')}{' '}
                      <Link to="/edit-event/$eventId" params={{ eventId: event.id }} className={linkClass}>
                        {event.title}
                      </Link>{' '}
                      <span className="text-muted-foreground">({formatDate(event.event_date, language)})</span>
                    </span>
                  </li>
                ))}
                {tasks.data.sponsorships_to_confirm.slice(0, SHOWN).map((sponsorship) => (
                  <li key={`sponsorship-${sponsorship.id}`} className="flex gap-2">
                    <SignatureIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    <span>
                      {t(
                        sponsorship.action === 'countersign'
                          ? 'organizer.dashboard.tasks.toCountersign'
                          : 'organizer.dashboard.tasks.toConfirm',
                        { sponsor: sponsorship.sponsor_name ?? sponsorship.sponsor_email },
                      )}{' '}
                      <Link to="/edit-event/$eventId" params={{ eventId: sponsorship.event_id }} className={linkClass}>
                        {sponsorship.event_title}
                      </Link>
                    </span>
                  </li>
                ))}
                {tasks.data.overdue_deliverables.length > 0 ? (
                  <li className="flex gap-2">
                    <CalendarClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                    <span>
                      {t('organizer.dashboard.tasks.overdueDeliverables', {
                        count: tasks.data.overdue_deliverables.length,
                      })}{' '}
                      <Link to="/fulfilment" className={linkClass}>
                        {t('organizer.dashboard.tasks.toFulfilment')}
                      </Link>
                    </span>
                  </li>
                ) : null}
                {tasks.data.overdue_invoices.length > 0 ? (
                  <li className="flex gap-2" data-testid="task-overdue-invoices">
                    <ReceiptTextIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                    <span>
                      {t('organizer.dashboard.tasks.overdueInvoices', {
                        count: tasks.data.overdue_invoices.length,
                        amount: formatCurrency(
                          tasks.data.overdue_invoices.reduce((sum, i) => sum + i.outstanding_cents, 0) / 100,
                          language,
                        ),
                      })}{' '}
                      <Link to="/dashboard/organizer/invoices" search={{ status: 'overdue' }} className={linkClass}>
                        {t('organizer.dashboard.tasks.toOverdueInvoices')}
                      </Link>
                    </span>
                  </li>
                ) : null}
                {teamInvitations.length > 0 ? (
                  <li className="flex gap-2">
                    <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span>
                      {t('organizer.dashboard.tasks.pendingTeamInvitations', { count: teamInvitations.length })}{' '}
                      <Link to="/dashboard/organizer/team" className={linkClass}>
                        {t('organizer.dashboard.tasks.toTeam')}
                      </Link>
                    </span>
                  </li>
                ) : null}
                {sponsorInvitations.length > 0 ? (
                  <li className="flex gap-2">
                    <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span>
                      {t('organizer.dashboard.tasks.openSponsorInvitations', { count: sponsorInvitations.length })}{' '}
                      {eventsOf(sponsorInvitations)
                        .slice(0, SHOWN)
                        .map((event, index) => (
                          <Fragment key={event.id}>
                            {index > 0 ? ', ' : null}
                            <Link to="/edit-event/$eventId" params={{ eventId: event.id }} className={linkClass}>
                              {event.title}
                            </Link>{' '}
                            <span className="text-muted-foreground tabular-nums">({event.count})</span>
                          </Fragment>
                        ))}
                    </span>
                  </li>
                ) : null}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
