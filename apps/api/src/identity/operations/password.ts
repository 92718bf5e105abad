// ForgotPassword, ConfirmForgotPassword, ChangePassword. A reset answers alike whether or not the
// address is registered; a completed reset ends every session of the user, a password change every
// session but the one it was made from.
import { z } from 'zod';
import { deliveryDetails, languageFor } from '../attributes.ts';
import { assertClient, authorise, findUser } from '../context.ts';
import { codeMismatch, limitExceeded } from '../errors.ts';
import { clearSignInFailures, failSignIn, readLockout } from '../lockout.ts';
import { checkCode, claimCodeSend, issueCode, simulateIssueCode } from '../one-time-codes.ts';
import { claimAddress } from '../address-limits.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { assertNewPassword } from '../password-strength.ts';
import { defineOperation, Z } from '../protocol.ts';

export const forgotPassword = defineOperation(
  z.object({
    ClientId: Z.clientId,
    Username: Z.username,
    SecretHash: z.string().nullish(),
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    await claimAddress(ctx, 'code_request', request.ip);
    const username = input.Username.trim();
    const user = await findUser(ctx, username);
    const address = user?.email ?? username;
    await claimCodeSend(ctx, address, 'reset_password');
    if (user) {
      // An unconfirmed or force-change user may reset too: the code proves the mailbox.
      const language = languageFor(input.ClientMetadata, user.attributes, ctx.settings.defaultLanguage);
      const mail = await issueCode(ctx, user, 'reset_password', user.email, language);
      ctx.background(() => ctx.mail.send(mail));
    } else {
      await simulateIssueCode(ctx, address, 'reset_password');
    }
    return { CodeDeliveryDetails: deliveryDetails(address) };
  },
);

export const confirmForgotPassword = defineOperation(
  z.object({
    ClientId: Z.clientId,
    Username: Z.username,
    ConfirmationCode: Z.code,
    Password: Z.password,
    SecretHash: z.string().nullish(),
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    await claimAddress(ctx, 'code_submission', request.ip);
    const user = await findUser(ctx, input.Username.trim());
    await assertNewPassword(input.Password, {
      email: user?.email ?? input.Username.trim(),
      organisationName: user ? await ctx.organisationNameOf(user.sub) : null,
      language: languageFor(input.ClientMetadata, user?.attributes, ctx.settings.defaultLanguage),
    });
    const code = await checkCode(ctx, user, input.Username, 'reset_password', input.ConfirmationCode);
    if (!user) throw codeMismatch();
    const passwordHash = await hashPassword(input.Password, ctx.hashing);
    const now = ctx.clock();
    await ctx.repo.db.transaction().execute(async (trx) => {
      if (!(await ctx.repo.consumeCode(code.id, trx))) throw codeMismatch();
      await ctx.repo.updateUser(
        user.sub,
        { passwordHash, status: 'CONFIRMED', emailVerified: true, tokensValidAfter: now },
        now,
        trx,
      );
      await ctx.repo.revokeSessionsOfUser(user.sub, now, undefined, trx);
    });
    await clearSignInFailures(ctx, user.email, 1);
    return {};
  },
);

export const changePassword = defineOperation(
  z.object({
    PreviousPassword: Z.password,
    ProposedPassword: Z.password,
    AccessToken: Z.token,
  }),
  async (ctx, input) => {
    const { user, claims } = await authorise(ctx, input.AccessToken);
    await assertNewPassword(input.ProposedPassword, {
      email: user.email,
      organisationName: await ctx.organisationNameOf(user.sub),
      language: languageFor(undefined, user.attributes, ctx.settings.defaultLanguage),
    });
    const { failures, locked } = await readLockout(ctx, user.email);
    // Cognito answers a throttled password change with LimitExceededException.
    if (locked) throw limitExceeded();
    if (!(await verifyPassword(input.PreviousPassword, user.passwordHash))) throw await failSignIn(ctx, user.email);
    await clearSignInFailures(ctx, user.email, failures);
    const now = ctx.clock();
    const passwordHash = await hashPassword(input.ProposedPassword, ctx.hashing);
    await ctx.repo.db.transaction().execute(async (trx) => {
      await ctx.repo.updateUser(user.sub, { passwordHash }, now, trx);
      await ctx.repo.revokeSessionsOfUser(user.sub, now, claims.originJti, trx);
    });
    return {};
  },
);
