import { z } from 'zod';
import * as zm from 'zod/mini';
import { LANGUAGES } from '../limits.ts';

/** Legal notice details (Impressum) come from the operator's configuration, never invented. */
export const ZLegalNotice = /* @__PURE__ */ z.object({
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
export const ZRuntimeConfig = /* @__PURE__ */ z.object({
  apiBase: z.string(),
  identityEndpoint: z.string(),
  userPoolId: z.string(),
  clientId: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
  legal: ZLegalNotice,
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

/**
 * The same schemas in zod/mini, for the web app's boot path: classic zod is about 25 kB gzip that
 * the first page would otherwise load only to read /config.json (docs/decisions/006-bundle-budget.md).
 */
export const ZLegalNoticeMini = zm.object({
  operatorName: zm.nullable(zm.string()),
  address: zm.nullable(zm.string()),
  register: zm.nullable(zm.string()),
  directors: zm.nullable(zm.string()),
  contactEmail: zm.nullable(zm.string()),
  contactPhone: zm.nullable(zm.string()),
  vatId: zm.nullable(zm.string()),
});
export const ZRuntimeConfigMini = zm.object({
  apiBase: zm.string(),
  identityEndpoint: zm.string(),
  userPoolId: zm.string(),
  clientId: zm.string(),
  defaultLanguage: zm.enum(LANGUAGES),
  legal: ZLegalNoticeMini,
});
