// Hostile input (issue 10): property-based requests to every route of the matrix with generated
// bodies, path parameters, query strings and headers (wrong types, missing and extra fields, huge
// strings, unicode, nulls, arrays for objects, path traversal, SQL and HTML). Never a 5xx, the app
// keeps serving, and stored text comes back byte-identical.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers.ts';
import { ROUTE_MATRIX, type MatrixRow } from './route-matrix.ts';
import { CALLERS, authorizationOf, buildWorld, type Caller, type Credentials, type World } from './world.ts';

/** Lone UTF-16 surrogates and NUL are not text; the API refuses them (plugins/well-formed-text.ts). */
const wellFormed = (text: string) => !text.includes('\u0000') && !/[\uD800-\uDFFF]/u.test(text);

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

const NASTY = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'org/1/../../2/file.pdf',
  "' OR 1=1 --",
  "'; DROP TABLE events; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645',
  '🙂'.repeat(300),
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '__proto__',
  'constructor',
  '%00',
  '%',
  '',
  ' ',
  '\r\n',
];

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.integer({ min: 0, max: 5 }).map((n) => 'x'.repeat(10 ** n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, -(2 ** 53), 1.5, [], {}),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A generated body: something else entirely, or the row's own body with fields changed, dropped or added. */
function hostileBody(valid: unknown): fc.Arbitrary<unknown> {
  const whole = fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 3 }));
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return whole;
  const keys = Object.keys(valid);
  if (keys.length === 0) return whole;
  const mutated = fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...keys), fc.option(hostileValue, { nil: undefined })), {
        maxLength: keys.length,
      }),
      extra: fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }),
      wrap: fc.constantFrom('object', 'array'),
    })
    .map(({ changes, extra, wrap }) => {
      const body: Record<string, unknown> = { ...(valid as Record<string, unknown>), ...extra };
      for (const [key, value] of changes) {
        if (value === undefined) delete body[key];
        else body[key] = value;
      }
      return wrap === 'array' ? [body] : body;
    });
  return fc.oneof(mutated, mutated, whole);
}

const hostileHeaders = fc.record(
  {
    authorization: fc.oneof(
      hostileString,
      hostileString.map((s) => `Bearer ${s}`),
      hostileString.map((s) => `${'A'.repeat(43)}:${s}`),
      fc.constant('Bearer a.b.c'),
    ),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=latin1',
      'text/plain',
      'application/pdf',
      'multipart/form-data; boundary=x',
      'application/x-amz-json-1.1',
      '',
    ),
    'accept-language': hostileString,
    'last-event-id': hostileString,
    'x-forwarded-for': hostileString,
    'x-amz-target': hostileString.map((s) => `AWSCognitoIdentityProviderService.${s}`),
  },
  { requiredKeys: [] },
);

/** Percent-encodes, lone surrogates as the (invalid) UTF-8 bytes a hostile client would send. */
const encodeSegment = (text: string) =>
  text
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

/** Header values must be latin1 without line breaks, or Node refuses to send them at all. */
const sendable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\x20-\x7e\x80-\xff]*$/.test(v)));

/** The caller for whom the row does real work (its first 2xx cell), so validation past auth is reached. */
function workingCaller(row: MatrixRow): Caller {
  return [...CALLERS].reverse().find((c) => row.expect[c] >= 200 && row.expect[c] < 300) ?? 'organiserA';
}

function fill(w: World, template: string, credentials: Credentials): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'organiserASub') return w.organiserA.sub;
    if (name === 'userPoolId') return w.t.config.identity.userPoolId;
    return String((w.ids as Record<string, unknown>)[name] ?? (credentials.kind === 'bearer' ? credentials.sub : 'x'));
  });
}

function fillBody(w: World, value: unknown, credentials: Credentials): unknown {
  if (typeof value === 'string') {
    if (value === '{clientId}') return w.t.config.identity.clientId;
    if (value === '{accessToken}') return credentials.kind === 'bearer' ? credentials.token : undefined;
    if (value === '{newEmail}') return `hostile.${Math.random().toString(36).slice(2)}@example.org`;
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole) return (w.ids as Record<string, unknown>)[whole[1]!] ?? fill(w, value, credentials);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => fillBody(w, v, credentials));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillBody(w, v, credentials)]));
  return value;
}

// Streams never end and signed upload URLs are covered by the upload tests; identity operations that
// change the caller's account get no real token (the generator could sign the caller out).
const FUZZED = ROUTE_MATRIX.filter((row) => row.mode !== 'stream' && row.mode !== 'upload');

describe.each(ENGINES)('hostile input on %s', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(engine);
  }, 120_000);
  afterAll(async () => w?.close());

  const send = async (
    row: MatrixRow,
    url: string,
    body: unknown,
    headers: Record<string, string>,
    credentials: Credentials,
  ) => {
    const res = await w.t.app.inject({
      method: row.method,
      url,
      headers: {
        ...authorizationOf(credentials),
        ...(row.operation ? { 'x-amz-target': `AWSCognitoIdentityProviderService.${row.operation}` } : {}),
        ...(body !== undefined
          ? { 'content-type': row.operation ? 'application/x-amz-json-1.1' : 'application/json' }
          : {}),
        ...sendable(headers),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    if (res.statusCode >= 500)
      throw new Error(`${row.method} ${url.slice(0, 200)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res;
  };

  describe.each(FUZZED.map((row) => [`${row.operation ?? row.method} ${row.route}`, row] as const))('%s', (_n, row) => {
    const caller = workingCaller(row);
    const credentialsOf = (): Credentials =>
      row.mode === 'identity-own-account' ? { kind: 'none' } : w.callers[caller];

    it('never answers 5xx to generated bodies', async () => {
      const credentials = credentialsOf();
      const valid = row.body === undefined ? { any: 1 } : fillBody(w, row.body, credentials);
      await fc.assert(
        fc.asyncProperty(hostileBody(valid), async (body) => {
          await send(row, fill(w, row.url, credentials), body, {}, credentials);
        }),
        { numRuns: RUNS },
      );
    });

    it('never answers 5xx to generated path parameters and query strings', async () => {
      const credentials = credentialsOf();
      const body = row.body === undefined ? undefined : fillBody(w, row.body, credentials);
      const segments = row.url.split(/(\{\w+\})/);
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: segments.length, maxLength: segments.length }),
          fc.dictionary(
            fc.constantFrom('key', 'q', 'ticket', 'last_event_id', 'limit', 'offset', 'page', 'x'),
            hostileString,
            {
              maxKeys: 3,
            },
          ),
          fc.boolean(),
          async (values, query, raw) => {
            const path = segments
              .map((segment, i) =>
                /^\{\w+\}$/.test(segment)
                  ? raw
                    ? values[i]!.replace(/[?#\s%]/g, '')
                    : encodeSegment(values[i]!)
                  : segment,
              )
              .join('');
            const [base, existing] = fill(w, path, credentials).split('?');
            const search = new URLSearchParams(existing);
            for (const [k, v] of Object.entries(query)) search.set(k, v);
            const qs = search.toString();
            await send(row, `${base}${qs ? `?${qs}` : ''}`, body, {}, credentials);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('never answers 5xx to generated headers', async () => {
      const credentials = credentialsOf();
      const body = row.body === undefined ? undefined : fillBody(w, row.body, credentials);
      await fc.assert(
        fc.asyncProperty(hostileHeaders, async (headers) => {
          await send(row, fill(w, row.url, credentials), body, headers, credentials);
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('downloads never leave the store, whatever the key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileString,
          fc.constantFrom(`${w.ids.fileKeyA}/../../${w.ids.fileKeyB}`, `${w.ids.fileKeyA}%00.pdf`, w.ids.fileKeyB),
        ),
        async (key) => {
          const res = await w.request('organiserA', 'GET', `/api/download?key=${encodeSegment(key)}`);
          expect([400, 404]).toContain(res.statusCode);
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });

  it('gives back stored text byte-identical: event title and description, chat messages', async () => {
    const eventText = fc
      .oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 90 }),
        fc.constantFrom(...NASTY.filter((s) => s.length <= 90)),
      )
      .filter((s) => s.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(eventText, eventText, async (title, description) => {
        const body = { title, event_date: '2026-07-04', location: 'Halle', description };
        const created = await w.request('organiserA', 'POST', '/api/event/-1', body);
        if (!wellFormed(title) || !wellFormed(description)) {
          expect(created.statusCode).toBe(400);
          return;
        }
        expect(created.statusCode, created.body).toBe(201);
        const read = await w.request('organiserA', 'GET', `/api/event/${created.json<{ id: number }>().id}`);
        expect(read.json()).toMatchObject({ title: title.trim(), description: description.trim() });
      }),
      { numRuns: RUNS * 2 },
    );
    const message = fc
      .oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
        fc.constantFrom(...NASTY),
        fc.constant('x'.repeat(4000)),
      )
      .filter((s) => s.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(message, fc.boolean(), async (text, asGuest) => {
        const url = asGuest
          ? `/api/token/conversation/${w.ids.conversationA}/message`
          : `/api/conversation/${w.ids.conversationA}/message`;
        const sent = await w.request(asGuest ? 'guest' : 'organiserA', 'POST', url, { message: text });
        if (!wellFormed(text)) {
          expect(sent.statusCode).toBe(400);
          return;
        }
        expect(sent.statusCode, sent.body).toBe(201);
        const id = sent.json<{ id: number }>().id;
        const read = await w.request('memberA', 'GET', `/api/conversation/${w.ids.conversationA}`);
        const stored = read.json<Array<{ id: number; message: string }>>().find((m) => m.id === id);
        expect(stored?.message).toBe(text);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('keeps serving afterwards', async () => {
    expect((await w.request('anonymous', 'GET', '/api/health')).statusCode).toBe(200);
    expect((await w.request('organiserA', 'GET', `/api/events/${w.ids.orgA}`)).statusCode).toBe(200);
  });
});
