// The web side of the one error shape (STYLE rule 7): every failed call becomes an ApiError.
import type { ErrorCode } from '@sp/shared';

/** Spec section 8: a request that never got an answer. */
export const NETWORK_ERROR_CODE = 'NetworkError';
/** A 2xx answer whose body did not match the expected schema. */
export const INVALID_RESPONSE_CODE = 'InvalidResponse';

export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR_CODE | typeof INVALID_RESPONSE_CODE | (string & {});

export type ApiErrorInit = {
  status: number;
  code: ApiErrorCode;
  message: string;
  fields?: Record<string, string>;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Per-field messages of a validation failure, keyed by request field name. */
  readonly fields: Record<string, string> | undefined;

  constructor({ status, code, message, fields }: ApiErrorInit, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.code = code;
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
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

/** The error code to use when an error answer carries no readable body. */
export function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'INTERNAL';
  return CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
}

type Translate = (key: 'common.error.network' | 'common.error.server' | 'common.error.unknown') => string;

/**
 * The text to show a user for any thrown value. Server errors and unexpected exceptions get a
 * generic text, never their raw message; 4xx messages are written by our API for people.
 */
export function getErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('common.error.network');
    if (error.isServerError || error.code === INVALID_RESPONSE_CODE || !error.message) return t('common.error.server');
    return error.message;
  }
  return t('common.error.unknown');
}
