// SignUp, ConfirmSignUp, ResendConfirmationCode. Sign-up passes the sign-up gate (invitation code)
// inside the transaction that inserts the user; the e-mail's case-insensitive uniqueness is the
// database's unique index. Resend answers alike for unknown, confirmed and unconfirmed addresses.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { deliveryDetails, languageFor, looksLikeEmail, parseAttributes } from '../attributes.ts';
import { assertClient, findUser } from '../context.ts';
import { codeDeliveryFailure, codeMismatch, invalidParameter, preSignUpRefused, usernameExists } from '../errors.ts';
import { claimCodeSend, checkCode, issueCode, simulateIssueCode } from '../one-time-codes.ts';
import { claimAddress } from '../address-limits.ts';
import { hashPassword } from '../passwords.ts';
import { assertNewPassword } from '../password-strength.ts';
import { defineOperation, Z } from '../protocol.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { IdentityUser } from '../repository.ts';

export const signUp = defineOperation(
  z.object({
    ClientId: Z.clientId,
    Username: Z.username,
    Password: Z.password,
    SecretHash: z.string().nullish(),
    UserAttributes: Z.attributes.nullish(),
    ValidationData: Z.attributes.nullish(),
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    // Every sign-up counts, refused or not: guessing invitation codes is bounded per address.
    await claimAddress(ctx, 'sign_up', request.ip);
    const email = input.Username.trim();
    if (!looksLikeEmail(email)) throw invalidParameter('Username should be an email.');
    const { attributes } = parseAttributes(input.UserAttributes ?? []);
    const language = languageFor(input.ClientMetadata, attributes, ctx.settings.defaultLanguage);
    await assertNewPassword(input.Password, { email, language });
    const passwordHash = await hashPassword(input.Password, ctx.hashing);

    const now = ctx.clock();
    const metadata: Record<string, string> = {};
    for (const { Name, Value } of input.ValidationData ?? []) if (Value) metadata[Name] = Value;
    Object.assign(metadata, input.ClientMetadata ?? {});

    const user: IdentityUser = {
      sub: randomUUID(),
      email,
      emailVerified: false,
      pendingEmail: null,
      status: 'UNCONFIRMED',
      passwordHash,
      attributes,
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabled: false,
      totpLastStep: null,
      tokensValidAfter: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await ctx.repo.db.transaction().execute(async (trx) => {
        // The gate first: without an invitation nobody learns whether an address is registered.
        if (!(await ctx.gate.allowsSignUp({ email, metadata, now }, trx))) throw preSignUpRefused();
        if (await ctx.repo.findUserByEmail(email, trx)) throw usernameExists();
        await ctx.repo.insertUser(user, now, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameExists();
      throw error;
    }

    await claimCodeSend(ctx, email, 'sign_up');
    const mail = await issueCode(ctx, user, 'sign_up', email, language);
    try {
      await ctx.mail.send(mail);
    } catch (error) {
      ctx.log.error({ err: error }, 'sign-up code could not be delivered');
      throw codeDeliveryFailure('Unable to deliver the confirmation code. Request a new code.');
    }
    return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: deliveryDetails(email) };
  },
);

export const confirmSignUp = defineOperation(
  z.object({
    ClientId: Z.clientId,
    Username: Z.username,
    ConfirmationCode: Z.code,
    SecretHash: z.string().nullish(),
    // E-mail is unique in this pool, so no other account can hold it as an alias: nothing to force.
    ForceAliasCreation: z.boolean().nullish(),
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    await claimAddress(ctx, 'code_submission', request.ip);
    const found = await findUser(ctx, input.Username.trim());
    const user = found?.status === 'UNCONFIRMED' ? found : undefined;
    const code = await checkCode(ctx, user, input.Username, 'sign_up', input.ConfirmationCode);
    const now = ctx.clock();
    await ctx.repo.db.transaction().execute(async (trx) => {
      if (!user || !(await ctx.repo.consumeCode(code.id, trx))) throw codeMismatch();
      await ctx.repo.updateUser(user.sub, { status: 'CONFIRMED', emailVerified: true }, now, trx);
    });
    return {};
  },
);

export const resendConfirmationCode = defineOperation(
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
    await claimCodeSend(ctx, address, 'sign_up');
    if (user?.status === 'UNCONFIRMED') {
      const language = languageFor(input.ClientMetadata, user.attributes, ctx.settings.defaultLanguage);
      const mail = await issueCode(ctx, user, 'sign_up', user.email, language);
      ctx.background(() => ctx.mail.send(mail));
    } else {
      await simulateIssueCode(ctx, address, 'sign_up');
    }
    return { CodeDeliveryDetails: deliveryDetails(address) };
  },
);
