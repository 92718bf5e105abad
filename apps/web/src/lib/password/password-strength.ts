/**
 * The password-strength check of the identity provider (@sp/shared/password-strength: zxcvbn-ts with
 * the common, German and English dictionaries), loaded on first use: it weighs several hundred
 * kilobytes, which only the pages that set a new password need, never the login page.
 */
import { passwordUserInputs, type PasswordVerdict } from '@sp/shared';

type Check = (password: string, userInputs?: string[]) => PasswordVerdict;

let loading: Promise<Check> | null = null;

export function loadPasswordStrength(): Promise<Check> {
  loading ??= import('@sp/shared/password-strength').then((module) => module.checkPasswordStrength);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The verdict the identity provider will give for this password of this address. */
export async function judgeNewPassword(password: string, email: string): Promise<PasswordVerdict> {
  const check = await loadPasswordStrength();
  return check(password, passwordUserInputs(email));
}
