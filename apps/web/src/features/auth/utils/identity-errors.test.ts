import { describe, expect, it } from 'vitest';
import { describeIdentityError, identityErrorKey, isInvalidInvitationCode, toIdentityError } from './identity-errors';

describe('identity errors', () => {
  it('reads the Cognito code the client library puts on its errors', () => {
    const error = toIdentityError(
      Object.assign(new Error('User is not confirmed.'), { code: 'UserNotConfirmedException' }),
    );
    expect(error.code).toBe('UserNotConfirmedException');
    expect(identityErrorKey(error)).toBe('auth.errors.userNotConfirmed');
    expect(toIdentityError('boom').code).toBe('Unknown');
  });

  it('tells wrong credentials from a locked sign-in', () => {
    expect(
      identityErrorKey(toIdentityError({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' })),
    ).toBe('auth.errors.incorrectCredentials');
    expect(
      identityErrorKey(toIdentityError({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' })),
    ).toBe('auth.errors.tooManyAttempts');
  });

  it('recognises the pre-sign-up refusal of an invitation code', () => {
    expect(
      isInvalidInvitationCode(
        toIdentityError({
          code: 'UserLambdaValidationException',
          message: 'PreSignUp failed with error Invalid invitation code.',
        }),
      ),
    ).toBe(true);
  });

  it("falls back to the text of the error's code, never the provider's own text", () => {
    const t = (key: string) => `t:${key}`;
    expect(describeIdentityError({ code: 'SomethingNewException', message: 'Something new.' }, t)).toBe(
      't:problems.auth.failed',
    );
    expect(describeIdentityError({ code: 'AliasExistsException', message: 'An account ...' }, t)).not.toContain(
      'account',
    );
    expect(describeIdentityError({ code: 'NetworkError', message: 'Network error' }, t)).toBe('t:common.error.network');
  });
});
