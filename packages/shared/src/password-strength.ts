// The password-strength check itself (entry `@sp/shared/password-strength`): zxcvbn-ts with the
// common password list and the German and English dictionaries, judged by password-rule.ts. One
// module for the identity provider and the web app, so both refuse the same passwords; the web app
// loads it only when a new password is typed (it weighs about a megabyte before compression).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as germanDictionary } from '@zxcvbn-ts/language-de';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { judgePassword, PASSWORD_STRENGTH_MAX_LENGTH, type PasswordVerdict } from './password-rule.ts';

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes a few hundred milliseconds.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...germanDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    maxLength: PASSWORD_STRENGTH_MAX_LENGTH,
    // Levenshtein matching would multiply the time per check by ten on a long password.
    useLevenshteinDistance: false,
  });
  return factory;
}

/** Judges `password`; `userInputs` (see passwordUserInputs) are what it must not be built from. */
export function checkPasswordStrength(password: string, userInputs: string[] = []): PasswordVerdict {
  const measured = password.slice(0, PASSWORD_STRENGTH_MAX_LENGTH);
  const result = zxcvbn().check(measured, userInputs);
  return judgePassword({ ...result, password: measured });
}

export type { PasswordRefusal, PasswordVerdict } from './password-rule.ts';
