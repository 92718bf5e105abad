// One error shape for the whole API: thrown as AppError anywhere, rendered by the error handler as
// { message, code, fields? } with an honest status code.
import type { ErrorCode } from '@sp/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, fields);
export const unauthenticated = (message = 'Not authenticated') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const payloadTooLarge = (message = 'Payload too large') => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests') =>
  new AppError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
