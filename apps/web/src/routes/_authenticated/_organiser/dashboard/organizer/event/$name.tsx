import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from '@sp/shared';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-views';
import { searchQueryOptions } from '@/lib/search/search';

/**
 * /dashboard/organizer/event/{name}: an event of the organisation by its title, opened on its page.
 * The title is looked up with the search (own events only); no exact match is "not found".
 */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/event/$name')({
  loader: async ({ context, params }) => {
    const name = params.name.trim();
    if (name.length < SEARCH_QUERY_MIN || name.length > SEARCH_QUERY_MAX) throw notFound();
    const hits = await context.queryClient.fetchQuery(searchQueryOptions(name));
    const event = hits.events.find((hit) => hit.own && hit.title.trim().toLowerCase() === name.toLowerCase());
    if (!event) throw notFound();
    throw redirect({ to: '/edit-event/$eventId', params: { eventId: event.id }, replace: true });
  },
  notFoundComponent: EventNotFound,
  errorComponent: EventLoadError,
});
