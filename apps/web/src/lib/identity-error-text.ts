// The text of an identity provider's error: the translation of its domain code (Cognito's error
// name -> IDENTITY_ERROR_CODES), never the provider's English message. Apart from api-error.ts so
// that the map stays out of the first page's script.
import { identityErrorCode } from '@sp/shared';
import { problemKey, type ProblemKey } from './api-error';

/**
 * The text of an identity provider's error (Cognito's error name in `code` or `name`): the
 * translation of its domain code, never the provider's English message.
 */
export function identityErrorText(error: unknown, t: (key: ProblemKey) => string): string {
  const { code, name } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
  };
  const errorName = typeof code === 'string' ? code : typeof name === 'string' ? name : '';
  return t(problemKey(identityErrorCode(errorName)));
}
