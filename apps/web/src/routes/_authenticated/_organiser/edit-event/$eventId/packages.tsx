import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceArea } from '@/features/event-workspace/components/workspace-frame';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { eventsListQueryOptions } from '@/features/events/api/list-events';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { PackagesCard } from '@/features/packages/components/packages-card';
import { useTranslation } from '@/lib/i18n';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/packages')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: PackagesRoute,
});

function PackagesRoute() {
  const { t } = useTranslation();
  const { eventId } = Route.useParams();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  // The other events of the organisation, to copy their packages from.
  const events = useInfiniteQuery(eventsListQueryOptions(event.organisationId));
  const otherEvents = (events.data?.pages.flatMap((page) => page.events) ?? [])
    .filter((other) => other.id !== eventId)
    .map((other) => ({ id: other.id, title: other.title }));
  return (
    <WorkspaceArea title={t('events.workspace.nav.packages')}>
      <PackagesCard eventId={eventId} otherEvents={otherEvents} />
    </WorkspaceArea>
  );
}
