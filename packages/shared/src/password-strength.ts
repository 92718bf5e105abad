// The password-strength check itself (entry `@sp/shared/password-strength`): zxcvbn-ts with the
// common password list and the German and English dictionaries, judged by password-rule.ts. One
// module for the identity provider and the web app, so both refuse the same passwords; the web app
// loads it only where a new password is typed. The word lists are imported one by one, so that a
// bundler leaves out those the packages' index modules would bring along.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import adjacencyGraphs from '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs';
import diceware from '@zxcvbn-ts/language-common/dist/diceware.json.mjs';
import passwords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import germanWords from '@zxcvbn-ts/language-de/dist/commonWords.json.js';
import germanFirstnames from '@zxcvbn-ts/language-de/dist/firstnames.json.js';
import germanLastnames from '@zxcvbn-ts/language-de/dist/lastnames.json.js';
import englishWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import englishFirstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import { judgePassword, PASSWORD_STRENGTH_MAX_LENGTH, type PasswordVerdict } from './password-rule.ts';

/**
 * The lists judged against: the common passwords and diceware words, and the German and English
 * common words and first names, plus the German surnames. Left out, since they would more than
 * double what the browser loads (about 750 kB gzip of 1.3 MB) for little: the German and English
 * Wikipedia word lists and the 89,000 English surnames (decision 016).
 */
const DICTIONARY = {
  'passwords-common': passwords,
  'diceware-common': diceware,
  commonWords: germanWords,
  firstnames: germanFirstnames,
  lastnames: germanLastnames,
  'commonWords-en': englishWords,
  'firstnames-en': englishFirstnames,
};

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes a few hundred milliseconds.
  factory ??= new ZxcvbnFactory({
    dictionary: DICTIONARY,
    graphs: adjacencyGraphs,
    maxLength: PASSWORD_STRENGTH_MAX_LENGTH,
    // The check runs on the server's event loop: Levenshtein matching would multiply its time by ten,
    // and the default of 100 l33t substitutions let a crafted 64-character password take about a
    // second; with 4 the worst found took about 0.15 s (decision 016), and common l33t still counts.
    useLevenshteinDistance: false,
    l33tMaxSubstitutions: 4,
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
