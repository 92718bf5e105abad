// Per-client-IP request limits on the routes that guess-able secrets or costly work sit behind:
// invitation-code and invitation-token look-ups, the guest chat and upload URLs (issue 10, decision
// 008). A fixed window per IP, kept in process memory: each instance counts for itself, which only
// makes the limit N times the figure behind N instances. Over the limit: 429 with Retry-After.
// The client IP is Fastify's request.ip, so TRUST_PROXY decides whether X-Forwarded-For counts.
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../lib/errors.ts';

/** At most `max` requests per `windowMs` from one IP; null means no limit. */
export type RateLimit = { max: number; windowMs: number } | null;

export type RateLimitName = 'inviteCode' | 'invitationToken' | 'guestChat' | 'uploads';
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
];

/** Beyond this many tracked IPs, expired windows are swept and then the oldest dropped. */
const MAX_TRACKED_KEYS = 50_000;

export type FixedWindowLimiter = {
  /** Counts one request of `key`; answers the seconds to wait when it is over the limit, else 0. */
  hit(key: string): number;
};

export function createFixedWindowLimiter(
  limit: { max: number; windowMs: number },
  clock: () => Date = () => new Date(),
): FixedWindowLimiter {
  // Every window lasts windowMs and is (re)inserted when it starts, so the Map's order is the order
  // of expiry: expired windows are always at its front.
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt > now && windows.size < MAX_TRACKED_KEYS) break;
      windows.delete(key);
    }
  };
  return {
    hit(key) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.delete(key);
        sweep(now);
        window = { count: 0, resetAt: now + limit.windowMs };
        windows.set(key, window);
      }
      window.count++;
      return window.count > limit.max ? (window.resetAt - now) / 1000 : 0;
    },
  };
}

/**
 * One onRequest hook on the root instance (it runs before any route's authentication or database
 * work) that counts the request against its route's limit. Register before the routes.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, clock?: () => Date): void {
  const limiters = new Map<string, FixedWindowLimiter>();
  const byName = new Map<RateLimitName, FixedWindowLimiter>();
  for (const route of RATE_LIMITED_ROUTES) {
    const limit = limits[route.limit];
    if (!limit) continue;
    let limiter = byName.get(route.limit);
    if (!limiter) {
      limiter = createFixedWindowLimiter(limit, clock);
      byName.set(route.limit, limiter);
    }
    limiters.set(`${route.method} ${route.url}`, limiter);
    // Fastify answers HEAD for every GET route; it counts alike.
    if (route.method === 'GET') limiters.set(`HEAD ${route.url}`, limiter);
  }
  if (limiters.size === 0) return;
  // Synchronous: it runs on every request, and most routes have no limit.
  app.addHook('onRequest', (request, _reply, done) => {
    const limiter = limiters.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    const retryAfter = limiter ? limiter.hit(request.ip) : 0;
    done(retryAfter > 0 ? rateLimited(retryAfter) : undefined);
  });
}
