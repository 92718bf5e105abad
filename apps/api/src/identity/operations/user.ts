// GetUser, UpdateUserAttributes, DeleteUserAttributes, GetUserAttributeVerificationCode,
// VerifyUserAttribute, DeleteUser. A new e-mail stays pending (the old one keeps working for sign-in)
// until the code sent to the new address is entered, as Cognito does when it keeps the original
// value active while an update is pending.
import { z } from 'zod';
import {
  assertDeletableAttributes,
  attributeList,
  deliveryDetails,
  languageFor,
  looksLikeEmail,
  parseAttributes,
} from '../attributes.ts';
import { authorise, type IdentityContext } from '../context.ts';
import { aliasExists, invalidParameter } from '../errors.ts';
import { checkCode, claimCodeSend, issueCode } from '../one-time-codes.ts';
import { defineOperation, Z } from '../protocol.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { normaliseEmail, type IdentityUser } from '../repository.ts';

export const getUser = defineOperation(z.object({ AccessToken: Z.token }), async (ctx, input) => {
  const { user } = await authorise(ctx, input.AccessToken);
  return {
    Username: user.sub,
    UserAttributes: attributeList(user),
    ...(user.totpEnabled
      ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }
      : {}),
  };
});

async function sendEmailVerification(
  ctx: IdentityContext,
  user: IdentityUser,
  to: string,
  metadata: Record<string, string> | null | undefined,
) {
  await claimCodeSend(ctx, user.email, 'verify_email');
  const language = languageFor(metadata, user.attributes, ctx.settings.defaultLanguage);
  const mail = await issueCode(ctx, user, 'verify_email', to, language);
  ctx.background(() => ctx.mail.send(mail));
  return deliveryDetails(to);
}

export const updateUserAttributes = defineOperation(
  z.object({ AccessToken: Z.token, UserAttributes: Z.attributes, ClientMetadata: Z.clientMetadata }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    const { attributes, email } = parseAttributes(input.UserAttributes);
    const now = ctx.clock();
    const newEmail = email?.trim();
    const changesEmail = newEmail !== undefined && normaliseEmail(newEmail) !== normaliseEmail(user.email);
    if (changesEmail) {
      if (!looksLikeEmail(newEmail)) throw invalidParameter('Invalid email address format.');
      if (await ctx.repo.findUserByEmail(newEmail))
        throw aliasExists('An account with the given email already exists.');
    }
    await ctx.repo.updateUser(
      user.sub,
      { attributes: { ...user.attributes, ...attributes }, ...(changesEmail ? { pendingEmail: newEmail } : {}) },
      now,
    );
    if (!changesEmail) return {};
    return { CodeDeliveryDetailsList: [await sendEmailVerification(ctx, user, newEmail, input.ClientMetadata)] };
  },
);

export const deleteUserAttributes = defineOperation(
  z.object({ AccessToken: Z.token, UserAttributeNames: z.array(z.string().min(1).max(32)).max(100) }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    assertDeletableAttributes(input.UserAttributeNames);
    const attributes = { ...user.attributes };
    for (const name of input.UserAttributeNames) delete attributes[name];
    await ctx.repo.updateUser(user.sub, { attributes }, ctx.clock());
    return {};
  },
);

export const getUserAttributeVerificationCode = defineOperation(
  z.object({ AccessToken: Z.token, AttributeName: z.string().min(1).max(32), ClientMetadata: Z.clientMetadata }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    if (input.AttributeName !== 'email') throw invalidParameter('Only the email attribute can be verified.');
    const to = user.pendingEmail ?? user.email;
    if (!user.pendingEmail && user.emailVerified) throw invalidParameter('The email is already verified.');
    return { CodeDeliveryDetails: await sendEmailVerification(ctx, user, to, input.ClientMetadata) };
  },
);

export const verifyUserAttribute = defineOperation(
  z.object({ AccessToken: Z.token, AttributeName: z.string().min(1).max(32), Code: Z.code }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    if (input.AttributeName !== 'email') throw invalidParameter('Only the email attribute can be verified.');
    const code = await checkCode(ctx, user, user.email, 'verify_email', input.Code);
    const now = ctx.clock();
    try {
      await ctx.repo.db.transaction().execute(async (trx) => {
        if (!(await ctx.repo.consumeCode(code.id, trx))) throw invalidParameter('The code was already used.');
        const email = user.pendingEmail ?? user.email;
        await ctx.repo.updateUser(user.sub, { email, emailVerified: true, pendingEmail: null }, now, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasExists('An account with the given email already exists.');
      throw error;
    }
    return {};
  },
);

export const deleteUser = defineOperation(z.object({ AccessToken: Z.token }), async (ctx, input) => {
  const { user } = await authorise(ctx, input.AccessToken);
  // Sessions, devices and codes go with the user, so every token of theirs is refused from now on.
  await ctx.repo.deleteUser(user.sub);
  await ctx.repo.clearLockout(normaliseEmail(user.email));
  return {};
});
