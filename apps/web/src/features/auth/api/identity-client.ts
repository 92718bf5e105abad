/**
 * The identity provider's calls used by the sign-up, verify, login and password-reset screens,
 * through amazon-cognito-identity-js (USER_PASSWORD_AUTH on every CognitoUser) against the
 * endpoint of /config.json. The library is loaded on first use, so that the pages render without
 * waiting for it. Every failure is an IdentityError carrying Cognito's error code.
 */
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import type { Language } from '@sp/shared';
import type { AuthUser } from '@/lib/auth';
import type { CognitoConfig } from '@/lib/auth/cognito-session';
import {
  IdentityError,
  MISSING_TOKEN_CODE,
  UNSUPPORTED_CHALLENGE_CODE,
  toIdentityError,
} from '../utils/identity-errors';

export type SignUpInput = {
  email: string;
  password: string;
  language: Language;
  /** The invitation code of the registration form (checked again by the provider's pre-sign-up hook). */
  invitationCode?: string;
  /** The token of an e-mail invitation, which admits the invited address without a code. */
  invitationToken?: string;
};

export type SignInResult = { user: AuthUser; accessToken: string };

/**
 * A sign-in ends with tokens, or asks for one more step: a new password (an account created with a
 * temporary one, NEW_PASSWORD_REQUIRED) or the code of the authenticator app (SOFTWARE_TOKEN_MFA).
 * The step is answered with completeNewPassword / sendTotpCode on the same client.
 */
export type SignInStep =
  ({ kind: 'signedIn' } & SignInResult) | { kind: 'newPasswordRequired' } | { kind: 'totpRequired' };

export type IdentityClient = {
  /** Starts loading the library ahead of the first call. */
  preload: () => void;
  signUp: (input: SignUpInput) => Promise<{ userSub: string; userConfirmed: boolean }>;
  confirmSignUp: (input: { email: string; code: string; invitationToken?: string }) => Promise<void>;
  resendSignUpCode: (input: { email: string; language: Language }) => Promise<void>;
  /** Signs in and keeps the tokens where the session source finds them (the library's storage). */
  signIn: (input: { email: string; password: string }) => Promise<SignInStep>;
  /** Answers NEW_PASSWORD_REQUIRED of the last signIn; may lead to the code step. */
  completeNewPassword: (input: { newPassword: string }) => Promise<SignInStep>;
  /** Answers SOFTWARE_TOKEN_MFA of the last signIn with the app's six-digit code. */
  sendTotpCode: (input: { code: string }) => Promise<SignInStep>;
  forgotPassword: (input: { email: string; language: Language }) => Promise<void>;
  confirmForgotPassword: (input: { email: string; code: string; newPassword: string }) => Promise<void>;
};

type Loaded = {
  cognito: typeof import('amazon-cognito-identity-js');
  pool: import('amazon-cognito-identity-js').CognitoUserPool;
  withPasswordAuth: typeof import('@/lib/auth/cognito-session').withPasswordAuth;
};

/** ClientMetadata values must be strings; absent values are left out. */
function metadata(values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) out[key] = value;
  return out;
}

function sessionResult(session: CognitoUserSession): SignInResult {
  const accessToken = session.getAccessToken().getJwtToken();
  const idToken = session.getIdToken().getJwtToken();
  if (!accessToken || !idToken) throw new IdentityError(MISSING_TOKEN_CODE, 'Missing token after login');
  const claims = session.getIdToken().decodePayload() as { sub?: unknown; email?: unknown };
  if (typeof claims.sub !== 'string' || !claims.sub) {
    throw new IdentityError(MISSING_TOKEN_CODE, 'Missing token after login');
  }
  return { user: { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' }, accessToken };
}

type AuthCallbacks = Parameters<import('amazon-cognito-identity-js').CognitoUser['authenticateUser']>[1];

export function createIdentityClient(config: CognitoConfig): IdentityClient {
  let loading: Promise<Loaded> | null = null;
  /** The user of a sign-in that waits for a further step (the library keeps the challenge's session on it). */
  let pending: import('amazon-cognito-identity-js').CognitoUser | null = null;

  function load(): Promise<Loaded> {
    loading ??= Promise.all([import('amazon-cognito-identity-js'), import('@/lib/auth/cognito-session')]).then(
      ([cognito, session]) => ({
        cognito,
        pool: session.createUserPool(config),
        withPasswordAuth: session.withPasswordAuth,
      }),
    );
    loading.catch(() => {
      loading = null;
    });
    return loading;
  }

  async function loaded(): Promise<Loaded> {
    try {
      return await load();
    } catch (error) {
      throw toIdentityError(error);
    }
  }

  async function userFor(email: string) {
    const { cognito, pool, withPasswordAuth } = await loaded();
    return { cognito, user: withPasswordAuth(new cognito.CognitoUser({ Username: email, Pool: pool })) };
  }

  /** Runs a callback-style library call as a promise with IdentityErrors. */
  function call<T>(run: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      try {
        run(resolve, (error) => reject(toIdentityError(error)));
      } catch (error) {
        reject(toIdentityError(error));
      }
    });
  }

  function pendingUser() {
    if (!pending) throw new IdentityError('NotAuthorizedException', 'Invalid session for the user.');
    return pending;
  }

  /** One round of the sign-in: tokens, or the next step (the user is kept for it), or an IdentityError. */
  function step(
    user: import('amazon-cognito-identity-js').CognitoUser,
    run: (callbacks: AuthCallbacks) => void,
  ): Promise<SignInStep> {
    const unsupported = () => new IdentityError(UNSUPPORTED_CHALLENGE_CODE, 'This sign-in step is not supported');
    return call<SignInStep>((resolve, reject) =>
      run({
        onSuccess: (session) => {
          pending = null;
          try {
            resolve({ kind: 'signedIn', ...sessionResult(session) });
          } catch (error) {
            reject(error);
          }
        },
        onFailure: reject,
        newPasswordRequired: () => {
          pending = user;
          resolve({ kind: 'newPasswordRequired' });
        },
        totpRequired: () => {
          pending = user;
          resolve({ kind: 'totpRequired' });
        },
        mfaRequired: () => reject(unsupported()),
        customChallenge: () => reject(unsupported()),
        mfaSetup: () => reject(unsupported()),
        selectMFAType: () => reject(unsupported()),
      }),
    );
  }

  return {
    preload() {
      void load().catch(() => undefined);
    },

    async signUp({ email, password, language, invitationCode, invitationToken }) {
      const { cognito, pool } = await loaded();
      const attributes = [new cognito.CognitoUserAttribute({ Name: 'email', Value: email })];
      const gate = metadata({ invitationCode, invitationToken });
      const validationData = Object.entries(gate).map(
        ([Name, Value]) => new cognito.CognitoUserAttribute({ Name, Value }),
      );
      return call((resolve, reject) =>
        pool.signUp(
          email,
          password,
          attributes,
          validationData,
          (error, result) => {
            if (error || !result) reject(error ?? new Error('Sign-up failed'));
            else resolve({ userSub: result.userSub, userConfirmed: result.userConfirmed });
          },
          metadata({ ...gate, language }),
        ),
      );
    },

    async confirmSignUp({ email, code, invitationToken }) {
      const { user } = await userFor(email);
      await call<void>((resolve, reject) =>
        user.confirmRegistration(
          code,
          true,
          (error: unknown) => (error ? reject(error) : resolve()),
          metadata({ invitationToken }),
        ),
      );
    },

    async resendSignUpCode({ email, language }) {
      const { user } = await userFor(email);
      await call<void>((resolve, reject) =>
        user.resendConfirmationCode((error) => (error ? reject(error) : resolve()), { language }),
      );
    },

    async signIn({ email, password }) {
      const { cognito, user } = await userFor(email);
      const details = new cognito.AuthenticationDetails({ Username: email, Password: password });
      pending = null;
      return step(user, (callbacks) => user.authenticateUser(details, callbacks));
    },

    async completeNewPassword({ newPassword }) {
      const user = pendingUser();
      return step(user, (callbacks) => user.completeNewPasswordChallenge(newPassword, {}, callbacks));
    },

    async sendTotpCode({ code }) {
      const user = pendingUser();
      return step(user, (callbacks) => user.sendMFACode(code, callbacks, 'SOFTWARE_TOKEN_MFA'));
    },

    async forgotPassword({ email, language }) {
      const { user } = await userFor(email);
      await call<void>((resolve, reject) =>
        user.forgotPassword({ onSuccess: () => resolve(), onFailure: reject }, { language }),
      );
    },

    async confirmForgotPassword({ email, code, newPassword }) {
      const { user } = await userFor(email);
      await call<void>((resolve, reject) =>
        user.confirmPassword(code, newPassword, { onSuccess: () => resolve(), onFailure: reject }),
      );
    },
  };
}
