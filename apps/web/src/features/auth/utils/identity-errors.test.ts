import { describe, expect, it } from 'vitest';
import { createTranslator } from '@/lib/i18n/translator';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
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

  it('says how long a throttled address waits, in German and English', () => {
    const translator = createTranslator<'de' | 'en'>('de', de);
    translator.addTexts('en', en);
    const throttled = (seconds: number) => ({
      code: 'TooManyRequestsException',
      message: `Too many requests from this address, please try again in ${seconds} seconds.`,
    });
    expect(describeIdentityError(throttled(840), translator.t)).toBe(
      'Zu viele Versuche von Ihrer Internetadresse. Bitte warten Sie 14 Minuten und versuchen Sie es dann erneut.',
    );
    expect(describeIdentityError(throttled(1), translator.t)).toContain('1 Sekunde ');
    translator.setLanguage('en');
    expect(describeIdentityError(throttled(61), translator.t)).toBe(
      'Too many attempts from your internet address. Please wait 2 minutes and try again.',
    );
    expect(describeIdentityError(throttled(45), translator.t)).toContain('45 seconds');
    expect(
      describeIdentityError({ code: 'TooManyRequestsException', message: 'Too many requests' }, translator.t),
    ).toBe(en.auth.errors.tooManyAttempts);
  });
});
