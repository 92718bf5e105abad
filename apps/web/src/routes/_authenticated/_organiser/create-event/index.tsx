import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { chooseGeneratedAgreement } from '@/features/agreements/api/agreement-settings';
import { CreateEventPage } from '@/features/events/components/create-event-page';

export const Route = createFileRoute('/_authenticated/_organiser/create-event/')({
  component: CreateEventRoute,
});

/** The new event's form offers the generated agreement, which then needs no PDF of its own. */
function CreateEventRoute() {
  const queryClient = useQueryClient();
  return <CreateEventPage chooseGenerated={(eventId) => chooseGeneratedAgreement(queryClient, eventId)} />;
}
