import { createFileRoute } from '@tanstack/react-router';
import { organiserProgressQueryOptions } from '@/features/organizer-dashboard/api/get-organiser-progress';
import { StepPage } from '@/features/organizer-dashboard/components/step-page';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/step')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(organiserProgressQueryOptions(context.organisationId));
  },
  component: OrganizerStepRoute,
});

function OrganizerStepRoute() {
  const { organisationId } = Route.useRouteContext();
  return <StepPage organisationId={organisationId} />;
}
