// Calendar feeds (issue 59 point 7, decision 088): whether the organiser's two feeds (organisation,
// person responsible) and a sponsorship's feed are live, making a new link (shown once) and revoking.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCalendarFeedStatus, ZCreatedCalendarFeed, ZListCalendarFeedsResponse } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type FeedViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };
export type OrganiserFeedKind = 'organisation' | 'person';

const authOf = (viewer: FeedViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: FeedViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function organiserFeedsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.calendarFeeds.organiser,
    queryFn: ({ signal }) => api.get('/calendar-feeds', { schema: ZListCalendarFeedsResponse, signal }),
  });
}

export function sponsorFeedQueryOptions(sponsorshipId: number, viewer: FeedViewer) {
  return queryOptions({
    queryKey: queryKeys.calendarFeeds.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/calendar-feed`, {
        schema: ZCalendarFeedStatus,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

type Language = 'de' | 'en';

export function useCreateOrganiserFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language }: { kind: OrganiserFeedKind; language: Language }) =>
      api.post(`/calendar-feeds/${kind}`, { language }, { schema: ZCreatedCalendarFeed }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds.all }),
  });
}

export function useRevokeOrganiserFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: OrganiserFeedKind) => api.delete(`/calendar-feeds/${kind}`, { schema: ZCalendarFeedStatus }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds.all }),
  });
}

export function useCreateSponsorFeed(sponsorshipId: number, viewer: FeedViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      api.post(
        `/sponsorships/${sponsorshipId}/calendar-feed`,
        { language },
        { schema: ZCreatedCalendarFeed, auth: authOf(viewer) },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds.all }),
  });
}

export function useRevokeSponsorFeed(sponsorshipId: number, viewer: FeedViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(`/sponsorships/${sponsorshipId}/calendar-feed`, { schema: ZCalendarFeedStatus, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeeds.all }),
  });
}
