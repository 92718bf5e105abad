/**
 * Errors of the identity provider (amazon-cognito-identity-js hands them over as objects with a
 * Cognito `code`) turned into one type, and the friendly text for each code the spec leaves open.
 */
import { identityErrorText } from '@/lib/identity-error-text';
import type { TranslationKey } from '@/lib/i18n';

export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  /** Cognito's error name, e.g. 'CodeMismatchException', or 'NetworkError'. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Thrown by the sign-in when the identity provider answers without tokens. */
export const MISSING_TOKEN_CODE = 'MissingToken';
/** Thrown by the sign-in for a challenge this app does not answer (MFA, forced new password). */
export const UNSUPPORTED_CHALLENGE_CODE = 'UnsupportedChallenge';

export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (typeof error === 'object' && error !== null) {
    const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && code) return new IdentityError(code, text, { cause: error });
    if (typeof name === 'string' && name.endsWith('Exception')) return new IdentityError(name, text, { cause: error });
    return new IdentityError('Unknown', text, { cause: error });
  }
  return new IdentityError('Unknown', String(error), { cause: error });
}

export type IdentityErrorKey = Extract<
  TranslationKey,
  `auth.errors.${string}` | `common.error.${string}` | `problems.${string}`
>;

/** The i18n key of a friendly text for an identity error; null when the provider's own text is best. */
export function identityErrorKey(error: IdentityError): IdentityErrorKey | null {
  switch (error.code) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'auth.errors.usernameExists';
    case 'InvalidPasswordException':
      return 'auth.errors.invalidPassword';
    case 'CodeMismatchException':
      return 'auth.errors.codeMismatch';
    case 'ExpiredCodeException':
      return 'auth.errors.expiredCode';
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(error.message)) return 'auth.errors.tooManyAttempts';
      if (/confirmed/i.test(error.message)) return 'auth.errors.alreadyConfirmed';
      return 'auth.errors.incorrectCredentials';
    case 'UserNotConfirmedException':
      return 'auth.errors.userNotConfirmed';
    case 'UserNotFoundException':
      return 'auth.errors.userNotFound';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'auth.errors.tooManyAttempts';
    case 'UserLambdaValidationException':
      return 'auth.errors.invitationRefused';
    case 'InvalidParameterException':
      return 'auth.errors.invalidParameter';
    case MISSING_TOKEN_CODE:
      return 'auth.errors.missingToken';
    case UNSUPPORTED_CHALLENGE_CODE:
      return 'auth.errors.unsupportedChallenge';
    case 'NetworkError':
      return 'common.error.network';
    case 'InternalErrorException':
      return 'common.error.server';
    default:
      return null;
  }
}

/** Spec: "PreSignUp failed with error Invalid invitation code." is the server-side invitation check. */
export function isInvalidInvitationCode(error: IdentityError): boolean {
  return error.code === 'UserLambdaValidationException' && /invitation/i.test(error.message);
}

type Translate = (key: IdentityErrorKey, options?: { count?: number; wait?: string }) => string;

/**
 * The wait of a throttled request: the provider's TooManyRequestsException says it in its message
 * ("... try again in 840 seconds."), which is all amazon-cognito-identity-js hands on.
 */
export function retryAfterSeconds(error: IdentityError): number | null {
  if (error.code !== 'TooManyRequestsException') return null;
  const match = /(\d+) seconds?/.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** Text for the `{error}` / `{message}` slot of the spec's messages: the spec's where it has one, else the code's. */
export function describeIdentityError(error: unknown, t: Translate): string {
  const identityError = toIdentityError(error);
  const seconds = retryAfterSeconds(identityError);
  if (seconds !== null) {
    const wait =
      seconds >= 60
        ? t('auth.errors.waitMinutes', { count: Math.ceil(seconds / 60) })
        : t('auth.errors.waitSeconds', { count: seconds });
    return t('auth.errors.tooManyRequests', { wait });
  }
  const key = identityErrorKey(identityError);
  if (key) return t(key);
  return identityErrorText(identityError, t);
}
