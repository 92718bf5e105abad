// Hand-written checks of the answers the first page reads before anyone signs in (/config.json and
// error bodies). Each mirrors a schema of @sp/shared and returns its type, keeping only the known
// keys as zod does; zod, even zod/mini, would be ~15 kB gzip of the login page
// (docs/decisions/006-bundle-budget.md). Answers read after signing in use the shared schemas.
import { LANGUAGES, type ApiErrorBody, type Language, type LegalNotice, type RuntimeConfig } from '@sp/shared';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);

/** What the app uses of a ZApiError problem document; null when the body is something else. */
export function readApiErrorBody(body: unknown): Pick<ApiErrorBody, 'code' | 'detail' | 'fields'> | null {
  if (!isObject(body) || !isString(body.detail) || !isString(body.code)) return null;
  const { detail, code, fields } = body;
  if (fields === undefined) return { detail, code };
  if (!isObject(fields) || !Object.values(fields).every(isString)) return null;
  return { detail, code, fields: { ...(fields as Record<string, string>) } };
}

const LEGAL_KEYS = [
  'operatorName',
  'address',
  'register',
  'directors',
  'contactEmail',
  'contactPhone',
  'vatId',
] as const satisfies readonly (keyof LegalNotice)[];

/** ZRuntimeConfig; throws when /config.json does not match it. */
export function readRuntimeConfig(value: unknown): RuntimeConfig {
  const invalid = (what: string) => new Error(`/config.json: ${what} is missing or invalid`);
  if (!isObject(value)) throw invalid('the object');
  const { apiBase, identityEndpoint, userPoolId, clientId, defaultLanguage, legal } = value;
  for (const [name, field] of Object.entries({ apiBase, identityEndpoint, userPoolId, clientId })) {
    if (!isString(field)) throw invalid(name);
  }
  if (!(LANGUAGES as readonly unknown[]).includes(defaultLanguage)) throw invalid('defaultLanguage');
  if (!isObject(legal)) throw invalid('legal');
  const notice = {} as LegalNotice;
  for (const key of LEGAL_KEYS) {
    const field = legal[key];
    if (!isNullableString(field)) throw invalid(`legal.${key}`);
    notice[key] = field;
  }
  return {
    apiBase: apiBase as string,
    identityEndpoint: identityEndpoint as string,
    userPoolId: userPoolId as string,
    clientId: clientId as string,
    defaultLanguage: defaultLanguage as Language,
    legal: notice,
  };
}
