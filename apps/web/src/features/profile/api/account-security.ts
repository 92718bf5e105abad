/**
 * The profile's security section against the identity provider, as the signed-in user, through
 * amazon-cognito-identity-js (so it works against the built-in provider and a real Cognito pool
 * alike): ChangePassword; AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference for
 * two-factor sign-in; ListDevices and ForgetDevice for the signed-in devices (decision 023). The
 * library is loaded on first use, as for the session. Failures carry Cognito's error `code`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import type { CognitoConfig } from '@/lib/auth/cognito-session';
import { queryKeys } from '@/lib/query-keys';

/** An error of the provider or the library: Cognito's error name in `code`. */
export class AccountSecurityError extends Error {
  override readonly name = 'AccountSecurityError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function toError(error: unknown): AccountSecurityError {
  if (error instanceof AccountSecurityError) return error;
  const { code, name, message } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const errorCode = typeof code === 'string' ? code : typeof name === 'string' ? name : 'Unknown';
  return new AccountSecurityError(errorCode, typeof message === 'string' ? message : String(error));
}

type Signed = { user: CognitoUser; session: CognitoUserSession };

/** The signed-in user with a fresh session (the library refreshes the tokens when needed). */
async function signedIn(config: CognitoConfig): Promise<Signed> {
  const { createUserPool, withPasswordAuth } = await import('@/lib/auth/cognito-session');
  const current = createUserPool(config).getCurrentUser();
  if (!current) throw new AccountSecurityError('NotAuthorizedException', 'Not signed in');
  const user = withPasswordAuth(current);
  const session = await new Promise<CognitoUserSession>((resolve, reject) =>
    user.getSession((error: Error | null, value: CognitoUserSession | null) =>
      error || !value ? reject(toError(error ?? new Error('No session'))) : resolve(value),
    ),
  );
  return { user, session };
}

/** Runs a callback-style call of the library as a promise with AccountSecurityErrors. */
function call<T>(run: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      run(resolve, (error) => reject(toError(error)));
    } catch (error) {
      reject(toError(error));
    }
  });
}

export async function changePassword(
  config: CognitoConfig,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { user } = await signedIn(config);
  await call<void>((resolve, reject) =>
    user.changePassword(currentPassword, newPassword, (error) => (error ? reject(error) : resolve())),
  );
}

/** Whether two-factor sign-in with an authenticator app is on (GetUser's MFA settings). */
export async function readTotpEnabled(config: CognitoConfig): Promise<boolean> {
  const { user } = await signedIn(config);
  return call<boolean>((resolve, reject) =>
    user.getUserData(
      (error, data) => {
        if (error || !data) reject(error ?? new Error('No user data'));
        else
          resolve(
            data.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA' ||
              (data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
          );
      },
      { bypassCache: true },
    ),
  );
}

/** A new secret for the authenticator app; it signs in nothing until a code from it is confirmed. */
export async function startTotpSetup(config: CognitoConfig): Promise<string> {
  const { user } = await signedIn(config);
  return call<string>((resolve, reject) =>
    user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
  );
}

async function setTotpPreference(user: CognitoUser, enabled: boolean): Promise<void> {
  await call<void>((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

/** Confirms the secret with a code from the app, then turns two-factor sign-in on. */
export async function finishTotpSetup(config: CognitoConfig, code: string): Promise<void> {
  const { user } = await signedIn(config);
  await call<void>((resolve, reject) =>
    user.verifySoftwareToken(code, 'Authenticator', { onSuccess: () => resolve(), onFailure: reject }),
  );
  await setTotpPreference(user, true);
}

export async function turnOffTotp(config: CognitoConfig): Promise<void> {
  const { user } = await signedIn(config);
  await setTotpPreference(user, false);
}

export type SignedInDevice = {
  key: string;
  /** The browser's user agent, as the library reports it when it confirms the device. */
  name: string;
  lastUsed: Date;
  current: boolean;
};

type DeviceType = {
  DeviceKey?: string;
  DeviceAttributes?: Array<{ Name?: string; Value?: string }>;
  DeviceLastAuthenticatedDate?: number | string;
  DeviceLastModifiedDate?: number | string;
};

const toDate = (value: number | string | undefined) =>
  new Date(typeof value === 'number' ? value * 1000 : value ? Date.parse(value) : 0);

/** The devices with a live session, this one first (its key is in the access token). */
export async function listSignedInDevices(config: CognitoConfig): Promise<SignedInDevice[]> {
  const { user, session } = await signedIn(config);
  const currentKey = (session.getAccessToken().decodePayload() as { device_key?: unknown }).device_key;
  const { Devices = [] } = await call<{ Devices?: DeviceType[] }>((resolve, reject) =>
    user.listDevices(60, null, { onSuccess: resolve, onFailure: reject }),
  );
  return Devices.filter((device): device is DeviceType & { DeviceKey: string } => Boolean(device.DeviceKey))
    .map((device) => ({
      key: device.DeviceKey,
      name: device.DeviceAttributes?.find((attribute) => attribute.Name === 'device_name')?.Value ?? '',
      lastUsed: toDate(device.DeviceLastAuthenticatedDate ?? device.DeviceLastModifiedDate),
      current: device.DeviceKey === currentKey,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsed.getTime() - a.lastUsed.getTime());
}

/** Signs a device out: the provider forgets it and ends its sessions (decision 023). */
export async function signOutDevice(config: CognitoConfig, key: string): Promise<void> {
  const { user } = await signedIn(config);
  await call<void>((resolve, reject) =>
    user.forgetSpecificDevice(key, { onSuccess: () => resolve(), onFailure: reject }),
  );
}

export function totpStatusQueryOptions(config: CognitoConfig) {
  return queryOptions({
    queryKey: queryKeys.accountSecurity.totp,
    queryFn: () => readTotpEnabled(config),
    refetchOnWindowFocus: false,
  });
}

export function signedInDevicesQueryOptions(config: CognitoConfig) {
  return queryOptions({
    queryKey: queryKeys.accountSecurity.devices,
    queryFn: () => listSignedInDevices(config),
  });
}
