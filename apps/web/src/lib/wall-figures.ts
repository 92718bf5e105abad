// The wall's anonymous figures (decision 102): the public page's view beacon (no sign-in, no
// cookie), the organisers' figures of an event and a sponsorship's own figures, and how they are
// written. Here, below the features, because the wall (organisers) and the sponsor's profile both
// show them.
import { queryOptions } from '@tanstack/react-query';
import { ZEventWallStats, ZSponsorshipWallStats, type Language, type WallCounts, type WallPlacement } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { INTL_LOCALES, numberFormat } from '@/lib/format';
import { publicApiUrl } from '@/lib/public-api-url';
import { queryKeys } from '@/lib/query-keys';

/** Tells the server which entries one view showed; sent without credentials, lost quietly if it fails. */
export function sendWallViews(apiBase: string, eventId: number, placement: WallPlacement, sponsors: number[]) {
  void fetch(publicApiUrl(apiBase, `/api/public/events/${eventId}/wall-views`), {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ placement, sponsors }),
  }).catch(() => undefined);
}

/** Where a wall entry's link goes: through the click count to the sponsor's website. */
export const wallClickUrl = (apiBase: string, eventId: number, sponsorshipId: number, placement: WallPlacement) =>
  publicApiUrl(apiBase, `/api/public/events/${eventId}/wall-click/${sponsorshipId}?placement=${placement}`);

export function eventWallStatsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.sponsorWall.stats(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/sponsor-wall/stats`, { schema: ZEventWallStats, signal }),
  });
}

export function sponsorshipWallStatsQueryOptions(sponsorshipId: number, auth: ApiAuth, who: string) {
  return queryOptions({
    queryKey: queryKeys.sponsorWall.own(sponsorshipId, who),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/wall-stats`, { schema: ZSponsorshipWallStats, auth, signal }),
    retry: false,
  });
}

export const formatCount = (value: number, language: Language) =>
  numberFormat(INTL_LOCALES[language], { maximumFractionDigits: 0 }).format(value);

/** Clicks per impression as a percentage, one decimal; a dash before anything was shown. */
export function clickRate({ impressions, clicks }: WallCounts, language: Language): string {
  if (impressions === 0) return '–';
  return numberFormat(INTL_LOCALES[language], { style: 'percent', maximumFractionDigits: 1 }).format(
    clicks / impressions,
  );
}
