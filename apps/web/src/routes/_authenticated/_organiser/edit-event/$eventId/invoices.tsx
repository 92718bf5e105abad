import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EventInvoices } from '@/features/invoices/components/event-invoices';
import { eventSponsorshipsQueryOptions } from '@/features/sponsorships/api/list-event-sponsorships';
import { eventInvoicesSearch } from '@/lib/event-workspace-search';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/invoices')({
  validateSearch: eventInvoicesSearch,
  loader: async ({ context: { queryClient }, params: { eventId } }) => {
    await loadEventForEdit(queryClient, eventId);
    await queryClient.ensureQueryData(eventSponsorshipsQueryOptions(eventId));
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  const { data: sponsorships } = useSuspenseQuery(eventSponsorshipsQueryOptions(eventId));
  return (
    <WorkspaceArea title={t('events.workspace.nav.invoices')} lead={t('events.workspace.invoices.lead')}>
      <EventInvoices
        organisationId={event.organisationId}
        eventId={eventId}
        sponsorships={sponsorships}
        status={status}
        onStatus={(next) => void navigate({ search: { status: next }, replace: true, resetScroll: false })}
      />
    </WorkspaceArea>
  );
}
