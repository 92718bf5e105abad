import { createFileRoute } from '@tanstack/react-router';
import { VenuePage } from '@/features/shipments/components/venue-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

/**
 * /venue/{token}: the venue's page for an event's parcels (decision 082). Public, no account: the
 * token is the credential and reaches only its event's shipments; a revoked or unknown one says so.
 */
export const Route = createFileRoute('/venue/$token')({
  component: VenueRoute,
});

function VenueRoute() {
  const { t } = useTranslation();
  const { token } = Route.useParams();
  useDocumentTitle(t('shipments.venue.title'));
  return (
    <div className="w-full px-4 py-6 sm:px-6 sm:py-10">
      <VenuePage token={token} />
    </div>
  );
}
