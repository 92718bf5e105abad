/**
 * The identity provider's password policy (Cognito's default: 8+ characters with lower case, upper
 * case, digit and symbol), checked in the form so the user sees what is missing before submitting.
 */

// Cognito's symbol set for password policies.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

export const PASSWORD_RULES = [
  { id: 'length', test: (value: string) => value.length >= 8 },
  { id: 'lower', test: (value: string) => /[a-z]/.test(value) },
  { id: 'upper', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'digit', test: (value: string) => /[0-9]/.test(value) },
  { id: 'symbol', test: (value: string) => SYMBOLS.test(value) },
] as const;

export function meetsPasswordPolicy(value: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(value));
}
