/**
 * The signed-in user's profile (GET /api/user-profile/{sub}), shared by the route guards (role,
 * onboarding state), onboarding and the profile page. The wire format is snake_case; this is the
 * one place that maps it to the camelCase names of spec section 3.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { STALE_TIMES, type Role, type UserProfileWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { userProfilePath } from '@/lib/api-paths';
import { isOrganiserRole } from '@/lib/auth/guards';
import { queryKeys } from '@/lib/query-keys';

export type UserProfile = {
  cognitoId: string;
  role: Role | null;
  organisationId: number | null;
  organisationName: string | null;
  profilePicture: string | null;
  onboardingCompleted: boolean;
  organisationRole: 'owner' | 'member' | null;
  email: string;
  adresseId: number | null;
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  phoneNumber: string | null;
  /** ISO timestamp of the last change to the profile or its organisation. */
  updatedAt: string | null;
};

export function toUserProfile(wire: UserProfileWire): UserProfile {
  return {
    cognitoId: wire.cognito_id,
    role: wire.role,
    organisationId: wire.organisation_id,
    organisationName: wire.organisation_name,
    profilePicture: wire.profile_picture,
    onboardingCompleted: wire.onboarding_completed,
    organisationRole: wire.organisation_role,
    email: wire.email,
    adresseId: wire.adresse_id,
    street: wire.street,
    houseNumber: wire.house_number,
    postalCode: wire.postal_code,
    city: wire.city,
    country: wire.country,
    phoneNumber: wire.phone_number,
    updatedAt: wire.updated_at,
  };
}

export { userProfilePath };

export async function getUserProfile(sub: string, options: { signal?: AbortSignal } = {}): Promise<UserProfile> {
  const { user } = await api.get(userProfilePath(sub), {
    // Loaded with the first profile, that is once someone is signed in.
    schema: () => import('./user-profile-schema').then((module) => module.ZGetUserProfileResponse),
    signal: options.signal,
  });
  return toUserProfile(user);
}

/** Spec section 9: cached indefinitely and not refetched on window focus; saves invalidate it. */
export function userProfileQueryOptions(sub: string) {
  return queryOptions({
    queryKey: queryKeys.userProfile(sub),
    queryFn: ({ signal }) => getUserProfile(sub, { signal }),
    staleTime: STALE_TIMES.userProfile,
    refetchOnWindowFocus: false,
  });
}

/**
 * After a save: the answer is the new profile, so guards see it at once; then the profile is
 * fetched again (spec: "profile refetch"). A failed refetch keeps the saved answer.
 */
export async function storeUserProfile(queryClient: QueryClient, profile: UserProfile): Promise<void> {
  const options = userProfileQueryOptions(profile.cognitoId);
  queryClient.setQueryData(options.queryKey, profile);
  await queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => undefined);
}

/** Where a user starts after onboarding: organisers (veranstalter, beides) on their dashboard. */
export function homePathForRole(role: Role | null): '/dashboard/organizer/' | '/dashboard-sponsor' {
  return isOrganiserRole(role) ? '/dashboard/organizer/' : '/dashboard-sponsor';
}
