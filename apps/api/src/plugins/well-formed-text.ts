// JSON bodies may carry lone UTF-16 surrogates ("\ud800") and NUL characters, which are not text:
// no database stores the first as they came (they would come back as U+FFFD) and PostgreSQL refuses
// the second. Such bodies are refused with 400 before validation, on both engines alike, so what is
// stored is always given back byte-identical. (NUL elsewhere, e.g. in a path, is the error handler's.)
//
// Only what a JSON parser makes is walked: plain objects, arrays and their strings, whatever the
// content type said. Raw bodies (a PDF or a logo as a Buffer, an upload stream, the identity
// protocol's string, a verified PDF's hash as a HashedBody) are the route's own business and never
// looked at here: walking a Buffer's entries one byte at a time froze the server for 27 s on a 20 MB
// body (issue 57, decision 063).
import type { FastifyInstance } from 'fastify';
import { fail } from '../lib/errors.ts';

// In unicode mode a surrogate pair is one code point, so this matches only lone surrogates.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const wellFormed = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** What JSON.parse makes of an object or array: no Buffer, typed array, stream or class instance. */
export function isParsedJson(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every key and string of a parsed JSON value is well-formed text. One pass with its own stack (no
 * recursion limit, no copies of the body): linear in the body's size, one native search per string.
 */
function isWellFormed(body: object): boolean {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!wellFormed(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' || typeof item === 'string') stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key in record) {
        if (!wellFormed(key)) return false;
        const item = record[key];
        if (typeof item === 'object' || typeof item === 'string') stack.push(item);
      }
    }
  }
  return true;
}

/** The check the hook calls; an object so a test can watch which bodies it is handed. */
export const textChecks = { isWellFormed };

export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body: unknown = request.body;
    if (!isParsedJson(body)) return;
    if (!textChecks.isWellFormed(body))
      throw fail('request.invalid-text', 'Text must be valid Unicode', { body: 'invalid_unicode' });
  });
}
