// Operator-side user management that Cognito offers as Admin* calls and our protocol does not expose:
// creating a user with a temporary password, who must choose a new one at first sign-in
// (NEW_PASSWORD_REQUIRED), and turning off a user's software-token MFA when the authenticator is lost
// (decision 023). For operator commands and tests.
import { randomUUID } from 'node:crypto';
import type { Language } from '@sp/shared';
import type { Db } from '../db/index.ts';
import type { IdentityContext } from './context.ts';
import { usernameExists } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { assertNewPassword } from './password-strength.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { createIdentityRepository } from './repository.ts';

export async function adminCreateUser(
  ctx: IdentityContext,
  input: {
    email: string;
    temporaryPassword: string;
    attributes?: Record<string, string>;
    /** Of a refused password's reason: the operator's command speaks English, not the users' default. */
    language?: Language;
  },
): Promise<{ sub: string }> {
  await assertNewPassword(input.temporaryPassword, {
    email: input.email,
    language: input.language ?? ctx.settings.defaultLanguage,
  });
  const sub = randomUUID();
  try {
    await ctx.repo.insertUser(
      {
        sub,
        email: input.email.trim(),
        emailVerified: true,
        status: 'FORCE_CHANGE_PASSWORD',
        passwordHash: await hashPassword(input.temporaryPassword, ctx.hashing),
        attributes: input.attributes ?? {},
      },
      ctx.clock(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
  return { sub };
}

/**
 * Turns two-factor sign-in off for the user with this address and forgets the secret, so the next
 * sign-in asks for the password only and the user can set up a new authenticator. The sessions stay:
 * a reset is for a user who can no longer sign in, not for one whose account was taken over.
 * False when there is no such user.
 */
export async function adminResetSoftwareTokenMfa(db: Db, email: string, now: Date): Promise<boolean> {
  const repo = createIdentityRepository(db);
  const user = await repo.findUserByEmail(email.trim());
  if (!user) return false;
  await repo.updateUser(
    user.sub,
    { totpEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    now,
  );
  return true;
}
