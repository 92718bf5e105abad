// Security headers for every response: for pages, a strict CSP the built app satisfies (its one inline
// script is allowed by its hash, never by 'unsafe-inline'), frame protection, no MIME sniffing, a
// conservative referrer policy; for API answers a shorter set (API_SECURITY_HEADERS); HSTS only over HTTPS.
//
// Helmet chooses the headers and their values, once at start: its Fastify plugin built a new helmet
// middleware, parsing the CSP directives again, on every request (9 % of a cheap request's time,
// decision 011). The headers do not depend on the request, so they are captured once and set as one
// object by a hook.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': null,
} as const;

/**
 * The origin the browser PUTs uploads to when they go straight to an S3 bucket; undefined with the
 * local store (uploads go to our own API, covered by 'self').
 */
export function uploadOrigin(store: Config['files']['store']): string | undefined {
  if (store.kind !== 's3') return undefined;
  if (store.endpoint) {
    const endpoint = new URL(store.endpoint);
    return store.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${store.bucket}.${endpoint.host}`;
  }
  return `https://${store.bucket}.s3.${store.region}.amazonaws.com`;
}

/** The headers helmet's middleware sets with `options`, read off a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet 8's middleware is synchronous; if a future version is not, fail at start, not silently.
  if (!finished || Object.keys(headers).length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * The headers of the API's answers (under /api/, but its reference page): a browser never shows one
 * as a page of the app (the web app fetches files with its token and shows them from a blob, which
 * takes the app page's policy), so they need only what protects an answer opened or embedded by
 * someone else: nothing loads in it, no site frames it, no sniffing, no cross-origin reads. Three
 * headers instead of the page's eleven: fewer bytes and less header checking on every read
 * (decision 056). A route may set its own (the sponsor logos allow cross-origin use).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** API answers with the API's headers: under /api/, except the reference page (it is HTML with scripts). */
export const isApiAnswer = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The one page other sites may put in a frame: the embeddable sponsor wall (decision 020). It shows
 * public data only and has no form or button that acts, so being framed cannot trick anyone.
 */
export const FRAMEABLE_PAGE = /^\/sponsors\/\d{1,10}\/embed\/?(\?|$)/;

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { extraConnectSources?: string[]; extraScriptSources?: string[] } = {},
) {
  const helmetOptions = (frameAncestors: string[]): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...(options.extraScriptSources ?? [])],
        'connect-src': [...CONTENT_SECURITY_POLICY['connect-src'], ...(options.extraConnectSources ?? [])],
        'frame-ancestors': frameAncestors,
      },
    },
    // HSTS is added below only when the request really arrived over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: frameAncestors.includes("'none'") ? undefined : false,
  });
  const headers = helmetHeaders(helmetOptions([...CONTENT_SECURITY_POLICY['frame-ancestors']]));
  const frameable = helmetHeaders(helmetOptions(['*']));
  const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  const overHttps = { ...headers, ...hsts };
  const frameableOverHttps = { ...frameable, ...hsts };
  const apiOverHttps = { ...API_SECURITY_HEADERS, ...hsts };
  // One synchronous hook: an async hook per response costs a promise and a turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const https = request.protocol === 'https';
    const { url } = request;
    if (isApiAnswer(url)) void reply.headers(https ? apiOverHttps : API_SECURITY_HEADERS);
    else {
      const embed = url.startsWith('/sponsors/') && FRAMEABLE_PAGE.test(url);
      void reply.headers(embed ? (https ? frameableOverHttps : frameable) : https ? overHttps : headers);
    }
    done();
  });
}
