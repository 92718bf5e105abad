import { createFileRoute } from '@tanstack/react-router';
import { LANGUAGES } from '@sp/shared';
import { PublicSponsorWall } from '@/features/sponsor-wall/components/public-sponsor-wall';
import { useWallLanguage } from '@/features/sponsor-wall/hooks/use-wall-language';
import { parseIdParam } from '@/lib/route-params';
import { searchEnum, searchSchema } from '@/lib/search-params';

/** /sponsors/{eventId}: an event's public sponsor wall, no sign-in; `?lang=en` picks the language. */
export const Route = createFileRoute('/sponsors/$eventId/')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  validateSearch: searchSchema({ lang: searchEnum(LANGUAGES) }),
  component: SponsorWallRoute,
});

function SponsorWallRoute() {
  const { eventId } = Route.useParams();
  const { lang } = Route.useSearch();
  useWallLanguage(lang);
  return <PublicSponsorWall eventId={eventId} />;
}
