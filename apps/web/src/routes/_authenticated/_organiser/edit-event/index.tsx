import { createFileRoute } from '@tanstack/react-router';
import { NoEventSelected } from '@/features/events/components/event-status-views';

/** Spec: a placeholder; it points to the list where an event can be chosen. */
export const Route = createFileRoute('/_authenticated/_organiser/edit-event/')({
  component: NoEventSelected,
});
