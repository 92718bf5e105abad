import { z } from 'zod';
import * as zm from 'zod/mini';

/** Error codes shared end to end: the API's error handler emits them, the web's ApiError reads them. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'package.sold-out',
  'package.not-offered',
  'package.in-use',
  'package.capacity-below-sold',
  'sponsorship.decided',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZApiError = /* @__PURE__ */ z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiError>;

/** ZApiError in zod/mini, for the web app's boot path (docs/decisions/006-bundle-budget.md). */
export const ZApiErrorMini = zm.object({
  message: zm.string(),
  code: zm.string(),
  fields: zm.optional(zm.record(zm.string(), zm.string())),
});
