import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/create-event/')({
  component: CreateEventRoute,
});

function CreateEventRoute() {
  return <ComingSoon page="createEvent" />;
}
