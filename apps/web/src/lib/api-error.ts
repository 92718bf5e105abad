// The web side of the one error shape (STYLE rule 7): every failed call becomes an ApiError with the
// API's domain code. A user sees the code's translation (`problems.<code>`), never the server's
// English `detail`, which is kept for logs and tests only.
import type { ErrorCode } from '@sp/shared';
import type { TranslationKey } from '@/lib/i18n/keys';

/** Spec section 8: a request that never got an answer. */
export const NETWORK_ERROR_CODE = 'NetworkError';
/** A 2xx answer whose body did not match the expected schema. */
export const INVALID_RESPONSE_CODE = 'InvalidResponse';

export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR_CODE | typeof INVALID_RESPONSE_CODE | (string & {});

export type ApiErrorInit = {
  status: number;
  code: ApiErrorCode;
  /** The server's English explanation: for logs and tests, never for the screen. */
  detail: string;
  fields?: Record<string, string>;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The server's English explanation: for logs and tests, never for the screen. */
  readonly detail: string;
  /** Per-field messages of a validation failure, keyed by request field name. */
  readonly fields: Record<string, string> | undefined;

  constructor({ status, code, detail, fields }: ApiErrorInit, options?: { cause?: unknown }) {
    // The message is the code, so that an error printed anywhere shows no English sentence either.
    super(code, options);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = fields;
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'request.forbidden',
  404: 'request.not-found',
  409: 'request.conflict',
  413: 'request.too-large',
  415: 'request.unsupported-media-type',
  422: 'request.validation-failed',
  429: 'request.rate-limited',
};

/** The error code to use when an error answer carries no readable body. */
export function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'server.internal';
  return CODE_BY_STATUS[status] ?? 'request.invalid';
}

/** The translation key of a domain error code (every code has one in both languages, locales.test.ts). */
export type ProblemKey = Extract<TranslationKey, `problems.${string}`>;

export const problemKey = (code: ErrorCode): ProblemKey => `problems.${code}`;

type Translate = (key: TranslationKey) => string;

/**
 * The text to show a user for any thrown value: the translation of the API's error code. Server
 * errors and unexpected exceptions get a generic text; a server's own text is never shown.
 */
export function getErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('common.error.network');
    if (error.isServerError || error.code === INVALID_RESPONSE_CODE) return t('common.error.server');
    // A code this build does not know yet (a newer server) has no text: the translator answers the key.
    const key = problemKey(error.code as ErrorCode);
    const text = t(key);
    return text === key ? t('common.error.unknown') : text;
  }
  return t('common.error.unknown');
}
