import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CognitoConfig } from '@/lib/auth/cognito-session';
import { userProfilePath } from '@/lib/profile/user-profile';

function usesAmazonCognito(config: CognitoConfig): boolean {
  return new URL(config.identityEndpoint, window.location.origin).hostname.endsWith('.amazonaws.com');
}

/**
 * Our built-in identity provider is removed by the API itself; an Amazon Cognito pool would need
 * admin credentials the server does not hold, so there the user's own token deletes the user.
 */
async function deleteCognitoUser(config: CognitoConfig): Promise<void> {
  const { createUserPool, withPasswordAuth } = await import('@/lib/auth/cognito-session');
  const current = createUserPool(config).getCurrentUser();
  if (!current) return;
  const user = withPasswordAuth(current);
  await new Promise<void>((resolve, reject) =>
    user.getSession((error: Error | null) => (error ? reject(error) : resolve())),
  );
  await new Promise<void>((resolve, reject) => user.deleteUser((error) => (error ? reject(error) : resolve())));
}

/**
 * DELETE /user-profile/{sub}: removes the profile, the organisation when this was its last member,
 * and the identity user (its tokens stop working at once).
 */
export async function deleteUserProfile(sub: string, config: CognitoConfig): Promise<void> {
  await api.delete(userProfilePath(sub));
  if (usesAmazonCognito(config)) await deleteCognitoUser(config).catch(() => undefined);
}

export function useDeleteUserProfile(sub: string, config: CognitoConfig) {
  return useMutation({ mutationFn: () => deleteUserProfile(sub, config) });
}
