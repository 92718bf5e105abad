import { createFileRoute } from '@tanstack/react-router';
import { CreateEventPage } from '@/features/events/components/create-event-page';

export const Route = createFileRoute('/_authenticated/_organiser/create-event/')({
  component: CreateEventPage,
});
