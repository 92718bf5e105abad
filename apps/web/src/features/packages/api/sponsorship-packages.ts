// A sponsorship's packages: GET /sponsorships/{id}/packages for both parties (the sponsor also by the
// invitation link), the sponsor's choice and the organisers' assignment or amount change.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSponsorshipPackagesResponse, type AssignPackageRequest } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type PackageViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

const authOf = (viewer: PackageViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: PackageViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function sponsorshipPackagesQueryOptions(sponsorshipId: number, viewer: PackageViewer) {
  return queryOptions({
    queryKey: queryKeys.packages.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/packages`, {
        schema: ZSponsorshipPackagesResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

/**
 * The choice changes the amount, and a change may void the agreement's signature and take the
 * status back: the sponsorship views (their agreement's state is under them) refetch too.
 */
const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.packages.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all }),
  ]);

export function useChoosePackage(sponsorshipId: number, viewer: PackageViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageId: number) =>
      api.post(
        `/sponsorships/${sponsorshipId}/package`,
        { package_id: packageId },
        { schema: ZSponsorshipPackagesResponse, auth: authOf(viewer) },
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(sponsorshipPackagesQueryOptions(sponsorshipId, viewer).queryKey, answer),
    onSettled: () => refresh(queryClient),
  });
}

export function useAssignPackage(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignPackageRequest) =>
      api.post(`/sponsorships/${sponsorshipId}/assignment`, body, { schema: ZSponsorshipPackagesResponse }),
    onSettled: () => refresh(queryClient),
  });
}
