import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGetUserProfileResponse, type OnboardingRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { storeUserProfile, toUserProfile, type UserProfile } from '@/lib/profile/user-profile';

/**
 * POST /user-profile: finishes onboarding with the chosen role and the organisation's master data
 * (a sponsor's organisation name alone, issue 21 point 7).
 */
export async function createUserProfile(body: OnboardingRequest): Promise<UserProfile> {
  const { user } = await api.post('/user-profile', body, { schema: ZGetUserProfileResponse });
  return toUserProfile(user);
}

export function useCreateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserProfile,
    onSuccess: (profile) => storeUserProfile(queryClient, profile),
  });
}
