// JSON bodies may carry lone UTF-16 surrogates ("\ud800") and NUL characters, which are not text:
// no database stores the first as they came (they would come back as U+FFFD) and PostgreSQL refuses
// the second. Such bodies are refused with 400 before validation, on both engines alike, so what is
// stored is always given back byte-identical. (NUL elsewhere, e.g. in a path, is the error handler's.)
import type { FastifyInstance } from 'fastify';
import { fail } from '../lib/errors.ts';

// In unicode mode a surrogate pair is one code point, so this matches only lone surrogates.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const wellFormed = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

function isWellFormed(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return wellFormed(value);
  if (depth > 64 || value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every((item) => isWellFormed(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (!wellFormed(key) || !isWellFormed(item, depth + 1)) return false;
  }
  return true;
}

export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Raw bodies (the identity protocol's string, upload streams) are the route's own business.
    const body: unknown = request.body;
    if (body === null || typeof body !== 'object' || typeof (body as { pipe?: unknown }).pipe === 'function') return;
    if (!isWellFormed(body))
      throw fail('request.invalid-text', 'Text must be valid Unicode', { body: 'invalid_unicode' });
  });
}
