// Per-client-IP request limits on the routes that guess-able secrets or costly work sit behind:
// invitation-code and invitation-token look-ups, the guest chat and upload URLs (issue 10, decision
// 008). Counted by @fastify/rate-limit in fixed windows: in Redis when REDIS_URL is set, so every
// server process shares the count (issue 22, decision 024), else in this process's memory (the
// embedded default). Over the limit: 429 with Retry-After. The client IP is Fastify's request.ip,
// so TRUST_PROXY decides whether X-Forwarded-For counts.
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';

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

/** Beyond this many tracked keys, expired windows are swept and then the oldest dropped. */
const MAX_TRACKED_KEYS = 50_000;

type Incr = FastifyRateLimitStore['incr'];

/**
 * The memory store: fixed windows on the app's clock (tests move it), its memory bounded. Every
 * window lasts its timeWindow and is (re)inserted when it starts, so with one window length per key
 * prefix the Map's order is nearly the order of expiry: expired windows gather at its front.
 */
export function createMemoryStore(clock: () => Date = () => new Date()): FastifyRateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt > now && windows.size < MAX_TRACKED_KEYS) break;
      windows.delete(key);
    }
  };
  const store = {
    incr: ((key, callback, timeWindow = 60_000) => {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.delete(key);
        sweep(now);
        window = { count: 0, resetAt: now + timeWindow };
        windows.set(key, window);
      }
      window.count++;
      callback(null, { current: window.count, ttl: window.resetAt - now });
    }) as Incr,
    child: () => store,
  } as unknown as FastifyRateLimitStore;
  return store;
}

/**
 * One onRequest hook on the root instance (it runs before any route's authentication or database
 * work) that counts the request against its route's limit. Register before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  options: { clock?: () => Date; redis?: Redis | null; redisKeyPrefix?: string } = {},
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
  if (checks.size === 0) return;
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
