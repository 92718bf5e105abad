// Per-client-IP request limits on the routes that guess-able secrets or costly work sit behind:
// invitation-code and invitation-token look-ups, the guest chat and upload URLs (issue 10, decision
// 008). Counted by @fastify/rate-limit in fixed windows: in Redis when REDIS_URL is set, so every
// server process shares the count (issue 22, decision 024), else in this process's memory (the
// embedded default). Over the limit: 429 with Retry-After. The client IP is Fastify's request.ip,
// so TRUST_PROXY decides whether X-Forwarded-For counts. The bytes of raw bodies are counted too
// (byte-limit.ts, decision 063).
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { registerByteLimits, type ByteLimits } from './byte-limit.ts';
import { createWindows } from './fixed-windows.ts';

/** At most `max` requests per `windowMs` from one IP; null means no limit. */
export type RateLimit = { max: number; windowMs: number } | null;

export type RateLimitName = 'inviteCode' | 'invitationToken' | 'guestChat' | 'uploads' | 'agreementVerify';
export type RateLimits = Record<RateLimitName, RateLimit>;

/** Which routes (method and Fastify URL pattern) count against which limit. */
export const RATE_LIMITED_ROUTES: ReadonlyArray<{ method: string; url: string; limit: RateLimitName }> = [
  { method: 'GET', url: '/api/invite/:code', limit: 'inviteCode' },
  { method: 'GET', url: '/api/invitations/:token', limit: 'invitationToken' },
  { method: 'GET', url: '/api/token/conversation', limit: 'guestChat' },
  { method: 'GET', url: '/api/token/conversation/unread', limit: 'guestChat' },
  { method: 'GET', url: '/api/token/conversation/:id', limit: 'guestChat' },
  { method: 'POST', url: '/api/token/conversation/:id/message', limit: 'guestChat' },
  { method: 'GET', url: '/api/file/upload/:organisationId/:eventId/:fileName/:extension', limit: 'uploads' },
  { method: 'POST', url: '/api/sponsorships/:id/signed-agreement/upload-url', limit: 'uploads' },
  { method: 'PUT', url: '/api/files/upload/:token', limit: 'uploads' },
  { method: 'PUT', url: '/api/sponsor-profile/logo', limit: 'uploads' },
  { method: 'POST', url: '/api/public/agreements/verify', limit: 'agreementVerify' },
  { method: 'GET', url: '/api/public/agreements/verify/:sha256', limit: 'agreementVerify' },
];

type Incr = FastifyRateLimitStore['incr'];

/** The memory store of the request counts (without Redis). */
export function createMemoryStore(clock: () => Date = () => new Date()): FastifyRateLimitStore {
  const windows = createWindows(clock);
  const store = {
    incr: ((key, callback, timeWindow = 60_000) => {
      const { window, ttl } = windows.current(key, timeWindow);
      window.count++;
      callback(null, { current: window.count, ttl });
    }) as Incr,
    child: () => store,
  } as unknown as FastifyRateLimitStore;
  return store;
}

/**
 * One onRequest hook on the root instance (it runs before any route's authentication or database
 * work) that counts the request against its route's limit, and one that counts its body's bytes
 * (byte-limit.ts). Register before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  options: { clock?: () => Date; redis?: Redis | null; redisKeyPrefix?: string; byteLimits?: ByteLimits } = {},
): Promise<void> {
  const memory = createMemoryStore(options.clock);
  await app.register(rateLimit, {
    global: false,
    ...(options.redis
      ? // A Redis that does not answer lets requests through (logged): these limits slow guessing
        // down; the identity provider's limits are kept in the database (decision 016).
        { redis: options.redis, nameSpace: options.redisKeyPrefix ?? 'sp-rate:', skipOnError: true }
      : {
          store: function MemoryStore() {
            return memory;
          } as unknown as new () => FastifyRateLimitStore,
        }),
  });
  type Check = ReturnType<FastifyInstance['createRateLimit']>;
  const checks = new Map<string, Check>();
  const byName = new Map<RateLimitName, Check>();
  for (const route of RATE_LIMITED_ROUTES) {
    const limit = limits[route.limit];
    if (!limit) continue;
    let check = byName.get(route.limit);
    if (!check) {
      const name = route.limit;
      check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
      });
      byName.set(route.limit, check);
    }
    checks.set(`${route.method} ${route.url}`, check);
    // Fastify answers HEAD for every GET route; it counts alike.
    if (route.method === 'GET') checks.set(`HEAD ${route.url}`, check);
  }
  if (checks.size > 0) addRequestCounts(app, checks);
  if (options.byteLimits) registerByteLimits(app, options.byteLimits, options);
}

function addRequestCounts(
  app: FastifyInstance,
  checks: Map<string, ReturnType<FastifyInstance['createRateLimit']>>,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const check = checks.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    // Most routes have no limit: they go on without waiting for a promise.
    if (!check) return done();
    check(request).then(
      (result) => done(!result.isAllowed && result.isExceeded ? rateLimited(result.ttlInSeconds) : undefined),
      (error: unknown) => {
        request.log.warn({ err: error }, 'rate limit store unavailable; request let through');
        done();
      },
    );
  });
}
