import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { CheckInDoor } from '@/features/tickets/components/check-in-door';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/check-in')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: CheckInRoute,
});

function CheckInRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  return (
    <WorkspaceArea title={t('tickets.door.title')} lead={t('tickets.door.lead')}>
      <CheckInDoor eventId={eventId} />
    </WorkspaceArea>
  );
}
