import { createFileRoute } from '@tanstack/react-router';
import { sponsorPageQueryOptions } from '@/features/sponsor-view/api/sponsor-view';
import { SponsorPage } from '@/features/sponsor-view/components/sponsor-page';

/** /dashboard/organizer/sponsors/{key}: one sponsor across the organisation's events (decision 109). */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/sponsors/$key')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(sponsorPageQueryOptions(params.key)),
  component: SponsorRoute,
});

function SponsorRoute() {
  const { key } = Route.useParams();
  return <SponsorPage sponsorKey={key} />;
}
