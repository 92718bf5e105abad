// Operator-side user management that Cognito offers as Admin* calls and our protocol does not expose:
// creating a user with a temporary password, who must choose a new one at first sign-in
// (NEW_PASSWORD_REQUIRED). For operator commands and tests.
import { randomUUID } from 'node:crypto';
import type { IdentityContext } from './context.ts';
import { usernameExists } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { assertNewPassword } from './password-strength.ts';
import { isUniqueViolation } from './repository.ts';

export async function adminCreateUser(
  ctx: IdentityContext,
  input: { email: string; temporaryPassword: string; attributes?: Record<string, string> },
): Promise<{ sub: string }> {
  assertNewPassword(input.temporaryPassword, { email: input.email, language: ctx.settings.defaultLanguage });
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
