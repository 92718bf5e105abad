import { z } from 'zod';
import { LANGUAGES } from '../limits.ts';

/** Legal notice details (Impressum) come from the operator's configuration, never invented. */
export const ZLegalNotice = z.object({
  operatorName: z.string().nullable(),
  address: z.string().nullable(),
  register: z.string().nullable(),
  directors: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  vatId: z.string().nullable(),
});
export type LegalNotice = z.infer<typeof ZLegalNotice>;

/** GET /config.json: what the SPA reads at start. */
export const ZRuntimeConfig = z.object({
  apiBase: z.string(),
  identityEndpoint: z.string(),
  userPoolId: z.string(),
  clientId: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
  legal: ZLegalNotice,
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;
