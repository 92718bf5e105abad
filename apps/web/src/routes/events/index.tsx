import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/events/')({
  component: EventsRoute,
});

function EventsRoute() {
  return <ComingSoon page="events" />;
}
