import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { RenewalsView } from '@/features/renewals/components/renewals-view';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/renewals')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: RenewalsRoute,
});

function RenewalsRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  return (
    <WorkspaceArea title={t('renewals.nav')} lead={t('renewals.lead')}>
      <RenewalsView eventId={eventId} />
    </WorkspaceArea>
  );
}
