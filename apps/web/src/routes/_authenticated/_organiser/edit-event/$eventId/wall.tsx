import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { SponsorWallCard } from '@/features/sponsor-wall/components/sponsor-wall-card';
import { WallStatsCard } from '@/features/sponsor-wall/components/wall-stats-card';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/wall')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: WallRoute,
});

function WallRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  return (
    <WorkspaceArea title={t('events.workspace.nav.wall')}>
      <SponsorWallCard eventId={eventId} />
      <WallStatsCard eventId={eventId} />
    </WorkspaceArea>
  );
}
