// One error shape for the whole API: thrown as AppError anywhere with a domain code from the shared
// list (packages/shared/src/schemas/errors.ts), which fixes its HTTP status; the error handler
// renders it as an RFC 9457 problem document. `detail` is English for developers and logs only.
import { ERROR_STATUS, type ErrorCode } from '@sp/shared';

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** The error `code` with its English `detail` (and per-field reasons of a validation failure). */
export const fail = (code: ErrorCode, detail: string, fields?: Record<string, string>) =>
  new AppError(code, detail, fields);

export const unauthenticated = (detail = 'Not authenticated') => new AppError('auth.unauthenticated', detail);
export const rateLimited = (retryAfterSeconds: number, detail = 'Too many requests') =>
  new AppError('request.rate-limited', detail, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
