// Security headers for every response: a strict CSP the built app satisfies without inline script,
// frame protection, no MIME sniffing, a conservative referrer policy, and HSTS only over HTTPS.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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

export async function registerSecurityHeaders(app: FastifyInstance, options: { extraConnectSources?: string[] } = {}) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        'connect-src': [...CONTENT_SECURITY_POLICY['connect-src'], ...(options.extraConnectSources ?? [])],
      },
    },
    // HSTS is added below only when the request really arrived over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
