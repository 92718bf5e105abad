// The header's settings (issue 8): the user's language and whether chat e-mail notices are wanted.
import { z } from 'zod';
import { LANGUAGES } from '../limits.ts';

export const ZSettings = z.object({
  language: z.enum(LANGUAGES),
  chat_email_notices: z.boolean(),
  /** The daily e-mail digest of overdue deliverables (default on). */
  fulfilment_digest: z.boolean(),
});
export type SettingsWire = z.infer<typeof ZSettings>;

/** PUT /settings: what is given changes. */
export const ZUpdateSettingsRequest = ZSettings.partial();
export type UpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;
