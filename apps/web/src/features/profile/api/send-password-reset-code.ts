import { useMutation } from '@tanstack/react-query';
import type { Language } from '@sp/shared';
import type { CognitoConfig } from '@/lib/auth/cognito-session';

/**
 * The identity provider's ForgotPassword for the signed-in user's own address: it mails a code
 * that the reset page (/reset-password/{email}) takes with the new password. The library is
 * loaded on first use, as for the session.
 */
export async function sendPasswordResetCode(
  config: CognitoConfig,
  { email, language }: { email: string; language: Language },
): Promise<void> {
  const [{ CognitoUser }, { createUserPool, withPasswordAuth }] = await Promise.all([
    import('amazon-cognito-identity-js'),
    import('@/lib/auth/cognito-session'),
  ]);
  const user = withPasswordAuth(new CognitoUser({ Username: email, Pool: createUserPool(config) }));
  await new Promise<void>((resolve, reject) => {
    user.forgotPassword(
      {
        onSuccess: () => resolve(),
        onFailure: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      },
      { language },
    );
  });
}

export function useSendPasswordResetCode(config: CognitoConfig) {
  return useMutation({
    mutationFn: (input: { email: string; language: Language }) => sendPasswordResetCode(config, input),
  });
}
