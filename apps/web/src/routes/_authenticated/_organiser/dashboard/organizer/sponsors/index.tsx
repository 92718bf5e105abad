import { createFileRoute } from '@tanstack/react-router';
import { sponsorListQueryOptions } from '@/features/sponsor-view/api/sponsor-view';
import { SponsorListPage } from '@/features/sponsor-view/components/sponsor-list-page';

/** /dashboard/organizer/sponsors/: the organisation's sponsors across its events (decision 109). */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/sponsors/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sponsorListQueryOptions()),
  component: SponsorListPage,
});
