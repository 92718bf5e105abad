import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { FulfilmentCard } from '@/features/fulfilment/components/fulfilment-card';
import { EventShipments } from '@/features/shipments/components/event-shipments';
import { EventTickets } from '@/features/tickets/components/event-tickets';
import { fulfilmentSearch } from '@/lib/fulfilment-search';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/fulfilment')({
  validateSearch: fulfilmentSearch,
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: FulfilmentRoute,
});

function FulfilmentRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WorkspaceArea title={t('events.workspace.nav.fulfilment')}>
      <EventTickets eventId={eventId} />
      <EventShipments eventId={eventId} />
      <FulfilmentCard
        eventId={eventId}
        filters={filters}
        onFilters={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      />
    </WorkspaceArea>
  );
}
