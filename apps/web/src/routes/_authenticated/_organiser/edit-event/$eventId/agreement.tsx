import { createFileRoute } from '@tanstack/react-router';
import { AgreementSettingsCard } from '@/features/agreements/components/agreement-settings-card';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/agreement')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: AgreementRoute,
});

function AgreementRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  return (
    <WorkspaceArea title={t('events.workspace.nav.agreement')}>
      <AgreementSettingsCard eventId={eventId} />
    </WorkspaceArea>
  );
}
