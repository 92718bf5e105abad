// The header's settings (issue 8): the user's language, whether chat e-mail notices are wanted, and
// (issue 21) which dashboard a user with both roles saw last (null until they switch).
import { z } from 'zod';
import { DASHBOARD_VIEWS, LANGUAGES } from '../limits.ts';

export const ZSettings = z.object({
  language: z.enum(LANGUAGES),
  chat_email_notices: z.boolean(),
  /** The daily e-mail digest of overdue deliverables (default on). */
  fulfilment_digest: z.boolean(),
  dashboard_view: z.enum(DASHBOARD_VIEWS).nullable(),
});
export type SettingsWire = z.infer<typeof ZSettings>;

/** PUT /settings: what is given changes. */
export const ZUpdateSettingsRequest = ZSettings.partial().extend({
  dashboard_view: z.enum(DASHBOARD_VIEWS).optional(),
});
export type UpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;
