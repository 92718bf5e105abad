import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { readinessBoardQueryOptions } from '@/features/readiness/api/readiness-board';
import { ReadinessBoard } from '@/features/readiness/components/readiness-board';
import { useTranslation } from '@/lib/i18n';
import { searchEnum, searchPositiveInt, searchSchema, searchString } from '@/lib/search-params';

// Hand-written, not zod: every route's validateSearch ships in the entry chunk (decision 006).
const search = searchSchema({
  state: searchEnum(['overdue', 'waiting_sponsor'] as const),
  package: searchPositiveInt,
  assignee: (value: unknown) => {
    const text = searchString(value);
    return text !== undefined && text.length <= 128 ? text : undefined;
  },
  sort: searchEnum(['name', 'open'] as const),
});

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/readiness')({
  validateSearch: search,
  // Both at once: the board does not wait for the event's answer (decision 106).
  loader: async ({ context, params }) => {
    await Promise.all([
      loadEventForEdit(context.queryClient, params.eventId),
      context.queryClient.ensureQueryData(readinessBoardQueryOptions(params.eventId)),
    ]);
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
