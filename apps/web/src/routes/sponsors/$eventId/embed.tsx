import { createFileRoute } from '@tanstack/react-router';
import { LANGUAGES } from '@sp/shared';
import { PublicSponsorWall } from '@/features/sponsor-wall/components/public-sponsor-wall';
import { useWallLanguage } from '@/features/sponsor-wall/hooks/use-wall-language';
import { parseIdParam } from '@/lib/route-params';
import { searchEnum, searchSchema } from '@/lib/search-params';

/**
 * /sponsors/{eventId}/embed: the bare wall for an iframe on the organiser's own site (no header or
 * footer; the one page the server lets other sites frame, decision 020).
 */
export const Route = createFileRoute('/sponsors/$eventId/embed')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  validateSearch: searchSchema({ lang: searchEnum(LANGUAGES) }),
  component: SponsorWallEmbedRoute,
});

function SponsorWallEmbedRoute() {
  const { eventId } = Route.useParams();
  const { lang } = Route.useSearch();
  useWallLanguage(lang);
  return <PublicSponsorWall eventId={eventId} embedded />;
}
