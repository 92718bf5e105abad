import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGetUserProfileResponse, type UpdateUserProfileRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { storeUserProfile, toUserProfile, userProfilePath, type UserProfile } from '@/lib/profile/user-profile';

/** PUT /user-profile/{sub}: a partial change of the role and/or the organisation's master data. */
export async function updateUserProfile(sub: string, body: UpdateUserProfileRequest): Promise<UserProfile> {
  const { user } = await api.put(userProfilePath(sub), body, { schema: ZGetUserProfileResponse });
  return toUserProfile(user);
}

export function useUpdateUserProfile(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserProfileRequest) => updateUserProfile(sub, body),
    onSuccess: (profile) => storeUserProfile(queryClient, profile),
  });
}
