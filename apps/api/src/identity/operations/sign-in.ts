// InitiateAuth (USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH / REFRESH_TOKEN) and RespondToAuthChallenge
// (NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA). A completed sign-in starts a session: a refresh token
// stored hashed, and an origin_jti that every token derived from it carries, so revoking the session
// revokes them all. New devices are announced with NewDeviceMetadata for ConfirmDevice.
import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { claimAddress } from '../address-limits.ts';
import { attributeList, languageFor, parseAttributes } from '../attributes.ts';
import { assertClient, findUser, type IdentityContext } from '../context.ts';
import {
  CognitoError,
  invalidParameter,
  invalidSession,
  notAuthorized,
  passwordAttemptsExceeded,
  userNotConfirmed,
} from '../errors.ts';
import { clearSignInFailures, failSignIn, readLockout } from '../lockout.ts';
import { assertCodeAttemptsLeft, recordCodeFailure } from '../one-time-codes.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { assertNewPassword } from '../password-strength.ts';
import { defineOperation, Z, type RequestInfo } from '../protocol.ts';
import type { IdentityUser } from '../repository.ts';
import {
  ACCESS_TOKEN_TTL_S,
  REFRESH_TOKEN_TTL_MS,
  hashRefreshToken,
  issueTokens,
  newRefreshToken,
  readChallengeSession,
  signChallengeSession,
  type ChallengeName,
} from '../tokens.ts';
import { matchTotp } from '../totp.ts';

/** Device keys look like Cognito's (`<region>_<uuid>`); the group key is derived, so nothing is stored before ConfirmDevice. */
export function deviceGroupKeyOf(sessionKey: Buffer, deviceKey: string): string {
  return `-${createHmac('sha256', sessionKey).update(deviceKey).digest('base64url').slice(0, 9)}`;
}

async function startSession(
  ctx: IdentityContext,
  user: IdentityUser,
  authTime: Date,
  offeredDeviceKey: string | null,
  request: RequestInfo,
) {
  const now = ctx.clock();
  const keys = await ctx.keys.get();
  const known = offeredDeviceKey ? await ctx.repo.findDevice(user.sub, offeredDeviceKey) : undefined;
  let deviceKey: string;
  let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
  if (known) {
    deviceKey = known.deviceKey;
    await ctx.repo.updateDevice(user.sub, deviceKey, { lastIp: request.ip, authenticatedAt: now }, now);
  } else {
    deviceKey = `${ctx.settings.userPoolId.split('_')[0]}_${randomUUID()}`;
    newDevice = { DeviceKey: deviceKey, DeviceGroupKey: deviceGroupKeyOf(keys.sessionKey, deviceKey) };
  }

  const session = { originJti: randomUUID(), authTime, deviceKey };
  const refreshToken = newRefreshToken();
  await ctx.repo.insertSession(
    {
      ...session,
      userSub: user.sub,
      clientId: ctx.settings.clientId,
      refreshTokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    },
    now,
  );
  const { idToken, accessToken } = await issueTokens(keys, ctx.settings, user, session, now);
  ctx.housekeeping();
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: accessToken,
      ExpiresIn: ACCESS_TOKEN_TTL_S,
      TokenType: 'Bearer',
      RefreshToken: refreshToken,
      IdToken: idToken,
      ...(newDevice ? { NewDeviceMetadata: newDevice } : {}),
    },
  };
}

async function challenge(
  ctx: IdentityContext,
  user: IdentityUser,
  name: ChallengeName,
  authTime: Date,
  deviceKey: string | null,
) {
  const keys = await ctx.keys.get();
  const Session = await signChallengeSession(
    keys,
    { sub: user.sub, challenge: name, authTime, deviceKey },
    ctx.clock(),
  );
  const ChallengeParameters: Record<string, string> =
    name === 'NEW_PASSWORD_REQUIRED'
      ? {
          USER_ID_FOR_SRP: user.sub,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(
            Object.fromEntries(
              attributeList(user)
                .filter((a) => a.Name !== 'sub' && a.Name !== 'email_verified')
                .map((a) => [a.Name, a.Value]),
            ),
          ),
        }
      : { USER_ID_FOR_SRP: user.sub };
  return { ChallengeName: name, ChallengeParameters, Session };
}

/** The step after a correct password (or a completed challenge): another challenge or tokens. */
async function continueSignIn(
  ctx: IdentityContext,
  user: IdentityUser,
  authTime: Date,
  deviceKey: string | null,
  request: RequestInfo,
) {
  if (user.status === 'FORCE_CHANGE_PASSWORD')
    return challenge(ctx, user, 'NEW_PASSWORD_REQUIRED', authTime, deviceKey);
  if (user.totpEnabled && user.totpSecret) return challenge(ctx, user, 'SOFTWARE_TOKEN_MFA', authTime, deviceKey);
  return startSession(ctx, user, authTime, deviceKey, request);
}

function required(parameters: Record<string, string | null | undefined>, name: string): string {
  const value = parameters[name];
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

async function passwordAuth(
  ctx: IdentityContext,
  parameters: Record<string, string | null | undefined>,
  request: RequestInfo,
) {
  const username = required(parameters, 'USERNAME').trim();
  const password = required(parameters, 'PASSWORD');
  // Counted as a failure of this client address until the password proves right, so that parallel
  // guesses cannot pass the limit (spraying one password over many accounts).
  const claim = await claimAddress(ctx, 'sign_in_failure', request.ip);
  const user = await findUser(ctx, username);
  const address = user?.email ?? username;
  const { failures, locked } = await readLockout(ctx, address);
  if (locked) throw passwordAttemptsExceeded();
  // Unknown users cost a scrypt too, so the timing does not reveal who is registered.
  const correct = await verifyPassword(password, user?.passwordHash ?? (await ctx.dummyHash()));
  if (!user || !correct) throw await failSignIn(ctx, address);
  await claim.release();
  await clearSignInFailures(ctx, address, failures);
  if (user.status === 'UNCONFIRMED') throw userNotConfirmed();
  return continueSignIn(ctx, user, ctx.clock(), parameters.DEVICE_KEY ?? null, request);
}

async function refreshAuth(
  ctx: IdentityContext,
  parameters: Record<string, string | null | undefined>,
  request: RequestInfo,
) {
  const refreshToken = required(parameters, 'REFRESH_TOKEN');
  const session = await ctx.repo.findSessionByRefreshHash(hashRefreshToken(refreshToken));
  const now = ctx.clock();
  if (!session || session.clientId !== ctx.settings.clientId) throw notAuthorized('Invalid Refresh Token');
  if (session.revokedAt) throw notAuthorized('Refresh Token has been revoked');
  if (session.expiresAt.getTime() <= now.getTime()) throw notAuthorized('Refresh Token has expired');
  const user = await ctx.repo.findUserBySub(session.userSub);
  if (!user) throw notAuthorized('Invalid Refresh Token');
  const keys = await ctx.keys.get();
  const { idToken, accessToken } = await issueTokens(keys, ctx.settings, user, session, now);
  // The device list's "last used" (DeviceLastAuthenticatedDate) follows the refreshes too.
  if (session.deviceKey) {
    await ctx.repo.updateDevice(user.sub, session.deviceKey, { lastIp: request.ip, authenticatedAt: now }, now);
  }
  // Like Cognito without rotation: the refresh token stays the same and is not sent again.
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: accessToken,
      ExpiresIn: ACCESS_TOKEN_TTL_S,
      TokenType: 'Bearer',
      IdToken: idToken,
    },
  };
}

export const initiateAuth = defineOperation(
  z.object({
    AuthFlow: z.string().min(1).max(64),
    AuthParameters: Z.stringMap.nullish(),
    ClientId: Z.clientId,
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    const parameters = input.AuthParameters ?? {};
    switch (input.AuthFlow) {
      case 'USER_PASSWORD_AUTH':
        return passwordAuth(ctx, parameters, request);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refreshAuth(ctx, parameters, request);
      default:
        throw invalidParameter(`${input.AuthFlow.slice(0, 64)} flow not enabled for this client`);
    }
  },
);

export const respondToAuthChallenge = defineOperation(
  z.object({
    ClientId: Z.clientId,
    ChallengeName: z.string().min(1).max(64),
    Session: Z.session,
    ChallengeResponses: Z.stringMap.nullish(),
    ClientMetadata: Z.clientMetadata,
  }),
  async (ctx, input, request) => {
    assertClient(ctx, input.ClientId);
    if (input.ChallengeName !== 'NEW_PASSWORD_REQUIRED' && input.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
      throw invalidParameter(`Challenge ${input.ChallengeName.slice(0, 64)} is not supported`);
    }
    const keys = await ctx.keys.get();
    const session = input.Session ? await readChallengeSession(keys, input.Session, ctx.clock()) : null;
    if (!session || session.challenge !== input.ChallengeName) throw invalidSession();
    const user = await ctx.repo.findUserBySub(session.sub);
    const responses = input.ChallengeResponses ?? {};
    const username = required(responses, 'USERNAME').trim().toLowerCase();
    if (!user || (username !== user.email.toLowerCase() && username !== user.sub)) throw invalidSession();

    if (session.challenge === 'NEW_PASSWORD_REQUIRED') {
      if (user.status !== 'FORCE_CHANGE_PASSWORD') throw invalidSession();
      const newPassword = required(responses, 'NEW_PASSWORD');
      const offered = Object.entries(responses)
        .filter(([name]) => name.startsWith('userAttributes.'))
        .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value }));
      const { attributes } = parseAttributes(offered, { ignoreReadOnly: true });
      await assertNewPassword(newPassword, {
        email: user.email,
        organisationName: await ctx.organisationNameOf(user.sub),
        language: languageFor(input.ClientMetadata, user.attributes, ctx.settings.defaultLanguage),
      });
      const passwordHash = await hashPassword(newPassword, ctx.hashing);
      const changes = { status: 'CONFIRMED' as const, passwordHash, attributes: { ...user.attributes, ...attributes } };
      await ctx.repo.updateUser(user.sub, changes, ctx.clock());
      return continueSignIn(ctx, { ...user, ...changes }, session.authTime, session.deviceKey, request);
    }

    const code = required(responses, 'SOFTWARE_TOKEN_MFA_CODE');
    await assertCodeAttemptsLeft(ctx, user.email);
    const step =
      user.totpEnabled && user.totpSecret
        ? matchTotp(ctx.secrets.open(user.totpSecret, user.sub), code.trim(), ctx.clock(), user.totpLastStep)
        : null;
    if (step === null || !(await ctx.repo.useTotpStep(user.sub, step))) {
      await recordCodeFailure(ctx, user.email);
      throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
    }
    return startSession(ctx, user, session.authTime, session.deviceKey, request);
  },
);
