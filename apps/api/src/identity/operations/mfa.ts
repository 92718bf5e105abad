// AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference: TOTP (RFC 6238) as the only
// second factor. A secret becomes usable only after a correct code, and MFA is required at sign-in
// only after the user turns it on.
import { z } from 'zod';
import { authorise } from '../context.ts';
import { enableSoftwareTokenMfa, invalidParameter, invalidSession } from '../errors.ts';
import { assertCodeAttemptsLeft, recordCodeFailure } from '../one-time-codes.ts';
import { defineOperation, Z } from '../protocol.ts';
import { generateTotpSecret, matchTotp } from '../totp.ts';

/** MFA is set up from a signed-in session; the sign-in-time MFA_SETUP challenge is not offered. */
function requireAccessToken(token: string | null | undefined): string {
  if (!token) throw invalidSession();
  return token;
}

export const associateSoftwareToken = defineOperation(
  z.object({ AccessToken: Z.token.nullish(), Session: Z.session }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, requireAccessToken(input.AccessToken));
    const secret = generateTotpSecret();
    await ctx.repo.updateUser(user.sub, { totpPendingSecret: ctx.secrets.seal(secret, user.sub) }, ctx.clock());
    return { SecretCode: secret };
  },
);

export const verifySoftwareToken = defineOperation(
  z.object({
    AccessToken: Z.token.nullish(),
    Session: Z.session,
    UserCode: z.string().min(6).max(6),
    FriendlyDeviceName: z.string().max(256).nullish(),
  }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, requireAccessToken(input.AccessToken));
    if (!user.totpPendingSecret) throw invalidParameter('No software token is associated with the user.');
    await assertCodeAttemptsLeft(ctx, user.email);
    const step = matchTotp(ctx.secrets.open(user.totpPendingSecret, user.sub), input.UserCode, ctx.clock(), null);
    if (step === null) {
      await recordCodeFailure(ctx, user.email);
      throw enableSoftwareTokenMfa('Code mismatch');
    }
    // Sealed for this user either way (decision 045): the pending value becomes the secret as it is.
    await ctx.repo.updateUser(
      user.sub,
      { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step },
      ctx.clock(),
    );
    return { Status: 'SUCCESS' };
  },
);

const ZMfaSettings = z.object({ Enabled: z.boolean().nullish(), PreferredMfa: z.boolean().nullish() }).nullish();

export const setUserMfaPreference = defineOperation(
  z.object({
    AccessToken: Z.token,
    SoftwareTokenMfaSettings: ZMfaSettings,
    SMSMfaSettings: ZMfaSettings,
    EmailMfaSettings: ZMfaSettings,
  }),
  async (ctx, input) => {
    const { user } = await authorise(ctx, input.AccessToken);
    if (input.SMSMfaSettings?.Enabled || input.EmailMfaSettings?.Enabled) {
      throw invalidParameter('Only software token MFA is available in this user pool.');
    }
    const totp = input.SoftwareTokenMfaSettings;
    if (totp && typeof totp.Enabled === 'boolean') {
      if (totp.Enabled && !user.totpSecret) throw invalidParameter('User has not verified software token mfa');
      await ctx.repo.updateUser(user.sub, { totpEnabled: totp.Enabled }, ctx.clock());
    }
    return {};
  },
);
