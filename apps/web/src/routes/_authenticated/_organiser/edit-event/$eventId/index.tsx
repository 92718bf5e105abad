import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { EventOverview } from '@/features/event-workspace/components/event-overview';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { readUnfinishedCreate } from '@/features/events/utils/unfinished-create';
import { organisationDeliverablesQueryOptions } from '@/features/fulfilment/api/organisation-deliverables';
import { organisationInvoicesQueryOptions } from '@/features/invoices/api/invoices';
import { EventInvoiceNumbers } from '@/features/invoices/components/event-invoice-numbers';
import { EventNumbers } from '@/features/packages/components/event-numbers';
import { eventSponsorshipsQueryOptions } from '@/features/sponsorships/api/list-event-sponsorships';
import { eventPageSearch } from '@/lib/event-page-search';
import { useTranslation } from '@/lib/i18n';

/**
 * The event's overview, at the spec's /edit-event/{eventId}. Links of the one-page event (its
 * sponsor filter, its fulfilment filters or #fulfilment) land in the area that now holds them; a
 * create whose PDF was not stored yet continues in the settings, where its form is.
 */
export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/')({
  validateSearch: eventPageSearch,
  beforeLoad: ({ search, params, location }) => {
    if (readUnfinishedCreate(params.eventId))
      throw redirect({ to: '/edit-event/$eventId/settings', params, replace: true });
    const { sponsorship_status, sponsorship_search, ...fulfilment } = search;
    if (sponsorship_status !== undefined || sponsorship_search !== undefined)
      throw redirect({
        to: '/edit-event/$eventId/sponsors',
        params,
        search: { sponsorship_status, sponsorship_search },
        replace: true,
      });
    if (Object.keys(fulfilment).length > 0 || location.hash === 'fulfilment')
      throw redirect({ to: '/edit-event/$eventId/fulfilment', params, search: fulfilment, replace: true });
  },
  loader: async ({ context: { queryClient }, params: { eventId } }) => {
    await loadEventForEdit(queryClient, eventId);
    const event = await queryClient.ensureQueryData(eventQueryOptions(eventId));
    await Promise.all([
      queryClient.ensureQueryData(eventSponsorshipsQueryOptions(eventId)),
      queryClient.ensureQueryData(organisationDeliverablesQueryOptions({ event_id: eventId })),
      queryClient.ensureQueryData(organisationInvoicesQueryOptions(event.organisationId, { event: eventId })),
    ]);
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  const { data: sponsorships } = useSuspenseQuery(eventSponsorshipsQueryOptions(eventId));
  const { data: deliverables } = useSuspenseQuery(organisationDeliverablesQueryOptions({ event_id: eventId }));
  const { data: invoices } = useSuspenseQuery(
    organisationInvoicesQueryOptions(event.organisationId, { event: eventId }),
  );
  return (
    <WorkspaceArea title={t('events.workspace.nav.overview')} lead={t('events.workspace.overview.lead')}>
      <EventOverview
        eventId={eventId}
        data={{ sponsorships, deliverables: deliverables.deliverables, invoices }}
        figures={
          <>
            <EventNumbers organisationId={event.organisationId} eventId={eventId} />
            <EventInvoiceNumbers organisationId={event.organisationId} eventId={eventId} />
          </>
        }
      />
    </WorkspaceArea>
  );
}
