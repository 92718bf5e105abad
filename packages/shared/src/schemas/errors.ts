import { z } from 'zod';

/** An RFC 9457 problem document with our `code` and, for validation failures, per-field `fields`. */
export const ZApiError = /* @__PURE__ */ z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  /** For developers and logs, in English; never shown to a user. */
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiError>;
