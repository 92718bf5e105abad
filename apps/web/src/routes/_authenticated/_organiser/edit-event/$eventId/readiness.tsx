import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { readinessBoardQueryOptions } from '@/features/readiness/api/readiness-board';
import { ReadinessBoard } from '@/features/readiness/components/readiness-board';
import { useTranslation } from '@/lib/i18n';

const search = z.object({
  state: z.enum(['overdue', 'waiting_sponsor']).optional().catch(undefined),
  package: z.coerce.number().int().positive().optional().catch(undefined),
  assignee: z.string().max(128).optional().catch(undefined),
  sort: z.enum(['name', 'open']).optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/readiness')({
  validateSearch: search,
  loader: async ({ context, params }) => {
    await loadEventForEdit(context.queryClient, params.eventId);
    await context.queryClient.ensureQueryData(readinessBoardQueryOptions(params.eventId));
  },
  component: ReadinessRoute,
});

function ReadinessRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WorkspaceArea title={t('readiness.nav')} lead={t('readiness.lead')}>
      <ReadinessBoard
        eventId={eventId}
        filters={filters}
        onFilters={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      />
    </WorkspaceArea>
  );
}
