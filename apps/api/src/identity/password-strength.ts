// The strength rule for every new password (sign-up, reset, change, a temporary or first password):
// beyond Cognito's character classes, no common password and none built from the user's address or
// organisation (OWASP ASVS 5.0 V6.2; the shared rule in @sp/shared/password-strength, which the web
// app shows while typing). Refused as Cognito refuses a policy breach, InvalidPasswordException, with
// the reason in the user's language.
//
// The strength check and its word lists are imported on the first new password, not at start: they
// were about 7 MB of the 39 MB heap an idle server held, for a check that runs at sign-up and on
// password changes only (decision 016).
import type { Language, PasswordRefusal } from '@sp/shared';
import { passwordUserInputs } from '@sp/shared';
import { invalidPassword } from './errors.ts';
import { assertPasswordPolicy } from './passwords.ts';

const REASONS: Record<Language, Record<PasswordRefusal, string>> = {
  de: {
    common: 'Dieses Passwort gehört zu den häufigsten Passwörtern und wird bei Angriffen zuerst probiert.',
    personal: 'Das Passwort enthält Teile Ihrer E-Mail-Adresse oder Ihres Organisationsnamens.',
    guessable: 'Das Passwort ist zu leicht zu erraten. Verwenden Sie mehrere ungewöhnliche Wörter.',
  },
  en: {
    common: 'This password is among the most common passwords, which attackers try first.',
    personal: 'The password contains parts of your e-mail address or organisation name.',
    guessable: 'The password is too easy to guess. Use several uncommon words.',
  },
};

/** The text of a refusal in `language`, after Cognito's "Password did not conform with policy: ". */
export function passwordRefusalText(reason: PasswordRefusal, language: Language): string {
  return REASONS[language][reason];
}

/**
 * Throws InvalidPasswordException unless `password` meets the character classes and the strength
 * rule for a user with this address (and organisation, when known).
 */
export async function assertNewPassword(
  password: string,
  user: { email: string; organisationName?: string | null; language: Language },
): Promise<void> {
  assertPasswordPolicy(password);
  const { checkPasswordStrength } = await import('@sp/shared/password-strength');
  const verdict = checkPasswordStrength(password, passwordUserInputs(user.email, user.organisationName));
  if (verdict.reason)
    throw invalidPassword(
      `Password did not conform with policy: ${passwordRefusalText(verdict.reason, user.language)}`,
    );
}
