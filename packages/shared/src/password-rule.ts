// The password-strength rule shared by the identity provider (the source of truth) and the web app
// (the hint while typing): a verdict from a zxcvbn-ts result, which each side computes through the
// `@sp/shared/password-strength` entry. Kept apart from that entry so that code which only needs the
// types and the user inputs (forms, the login page) does not pull in the dictionaries.

/** zxcvbn's score (0 to 4) at or above which a password is accepted (OWASP ASVS 5.0 V6.2). */
export const PASSWORD_MIN_SCORE = 3;
/** Only this many characters are measured; longer passwords cost more time than they gain. */
export const PASSWORD_STRENGTH_MAX_LENGTH = 64;
/** A piece of the user's address or organisation name counts from this length. */
const USER_INPUT_MIN_LENGTH = 3;
/** Characters a list entry may lack of the whole password and still count as that entry. */
const COMMON_SLACK = 2;

/** Why a password is refused: a known password or word, built from the user's own data, or simply guessable. */
export type PasswordRefusal = 'common' | 'personal' | 'guessable';

export type PasswordVerdict = {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  reason: PasswordRefusal | null;
  /** zxcvbn's feedback as translation keys (`warnings.<key>`, `suggestions.<key>`). */
  warning: string | null;
  suggestions: string[];
};

/** The part of a zxcvbn-ts result the rule reads. */
export type StrengthResult = {
  password: string;
  score: number;
  sequence: ReadonlyArray<{ pattern: string; token: string; i: number; j: number; dictionaryName?: string }>;
  feedback: { warning: string | null; suggestions: string[] };
};

/** Names of zxcvbn dictionaries that hold known passwords or plain words (common, German, English). */
const KNOWN_DICTIONARY = /^(passwords|commonWords|wikipedia|firstnames|lastnames|diceware)/;

export function judgePassword(result: StrengthResult): PasswordVerdict {
  const measured = result.password.slice(0, PASSWORD_STRENGTH_MAX_LENGTH);
  const matches = result.sequence;
  const personal = matches.some(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs' && m.token.length >= 4,
  );
  // The password is an entry of a list (perhaps reversed, in l33t, or with a character or two added),
  // e.g. `Passwort1!`; a known word inside a longer passphrase is left to the score.
  const common = matches.some(
    (m) =>
      m.pattern === 'dictionary' &&
      KNOWN_DICTIONARY.test(m.dictionaryName ?? '') &&
      m.token.length >= measured.length - COMMON_SLACK,
  );
  const score = Math.max(0, Math.min(4, Math.trunc(result.score))) as PasswordVerdict['score'];
  const reason: PasswordRefusal | null = personal
    ? 'personal'
    : common
      ? 'common'
      : score < PASSWORD_MIN_SCORE
        ? 'guessable'
        : null;
  return {
    score: reason ? (Math.min(score, PASSWORD_MIN_SCORE - 1) as PasswordVerdict['score']) : score,
    acceptable: reason === null,
    reason,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}

/** What a password must not be built from: the e-mail address (whole, local part, domain) and the organisation name. */
export function passwordUserInputs(email: string | null | undefined, organisationName?: string | null): string[] {
  const inputs = new Set<string>();
  const add = (value: string) => {
    const word = value.trim().toLowerCase();
    if (word.length >= USER_INPUT_MIN_LENGTH) inputs.add(word);
  };
  if (email) {
    add(email);
    const [local = '', domain = ''] = email.split('@');
    add(local);
    add(domain);
    for (const part of email.split(/[^\p{L}\p{N}]+/u)) add(part);
  }
  if (organisationName) {
    add(organisationName);
    add(organisationName.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of organisationName.split(/[^\p{L}\p{N}]+/u)) add(part);
  }
  return [...inputs];
}
