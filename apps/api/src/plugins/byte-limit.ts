// Per-client-IP byte budgets on the routes that take raw bodies without a sign-in or from a guest
// (issue 57, decision 063): the request limits (rate-limit.ts) count requests, so 30 verifications
// of the largest PDF or 120 uploads of the largest file a minute would still be allowed; these count
// the bytes. Counted in fixed windows before the body is read, in Redis when REDIS_URL is set (every
// process shares the count, decision 024), else in this process's memory. A body is counted by its
// declared Content-Length; one of unknown length (chunked) as the most its route reads. A body over
// its route's limit is not counted: the route refuses it unread with 413. A request that does not
// fit the rest of the window is not counted either and gets 429 with Retry-After, and the connection
// is closed so its body is never read.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { createWindows } from './fixed-windows.ts';

/** At most `maxBytes` of bodies per `windowMs` from one IP; null means no limit. */
export type ByteLimit = { maxBytes: number; windowMs: number } | null;
export type ByteLimitName = 'uploadBytes' | 'verifyBytes';
export type ByteLimits = Record<ByteLimitName, ByteLimit>;

/** Which routes (method and Fastify URL pattern) count their bodies against which budget. */
export const BYTE_LIMITED_ROUTES: ReadonlyArray<{ method: string; url: string; limit: ByteLimitName }> = [
  { method: 'PUT', url: '/api/files/upload/:token', limit: 'uploadBytes' },
  { method: 'PUT', url: '/api/sponsor-profile/logo', limit: 'uploadBytes' },
  { method: 'PUT', url: '/api/deliverables/:id/asset', limit: 'uploadBytes' },
  { method: 'PUT', url: '/api/deliverables/:id/asset/monochrome', limit: 'uploadBytes' },
  { method: 'POST', url: '/api/public/agreements/verify', limit: 'verifyBytes' },
];

/** Adds `bytes` to the key's window if they fit under `maxBytes`; says whether they did. */
export type ByteBudget = {
  take: (key: string, bytes: number, limit: { maxBytes: number; windowMs: number }) => Promise<ByteTake>;
};
export type ByteTake = { allowed: boolean; ttlMs: number };

export function createMemoryByteBudget(clock: () => Date = () => new Date()): ByteBudget {
  const windows = createWindows(clock);
  return {
    take: async (key, bytes, { maxBytes, windowMs }) => {
      const { window, ttl } = windows.current(key, windowMs);
      if (window.count + bytes > maxBytes) return { allowed: false, ttlMs: ttl };
      window.count += bytes;
      return { allowed: true, ttlMs: ttl };
    },
  };
}

// One atomic step in Redis: add the bytes only if they fit, start the window's expiry with its first
// bytes, and answer the time left.
const TAKE_LUA = `
local key = KEYS[1]
local bytes = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local current = tonumber(redis.call('GET', key) or '0')
local ttl = redis.call('PTTL', key)
if ttl < 0 then ttl = window end
if current + bytes > max then return {0, ttl} end
redis.call('INCRBY', key, bytes)
if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, window) end
return {1, ttl}
`;

type RedisWithTake = Redis & {
  byteBudgetTake: (key: string, bytes: number, max: number, windowMs: number) => Promise<[number, number]>;
};

export function createRedisByteBudget(redis: Redis, prefix: string): ByteBudget {
  const client = redis as RedisWithTake;
  if (typeof client.byteBudgetTake !== 'function')
    redis.defineCommand('byteBudgetTake', { numberOfKeys: 1, lua: TAKE_LUA });
  return {
    take: async (key, bytes, { maxBytes, windowMs }) => {
      const [allowed, ttl] = await client.byteBudgetTake(`${prefix}bytes:${key}`, bytes, maxBytes, windowMs);
      return { allowed: allowed === 1, ttlMs: ttl };
    },
  };
}

/**
 * How many bytes a request's body counts for: 0 without a body (HTTP/1.1: neither a length nor
 * chunks), null when its route refuses it unread.
 */
export function countedBytes(
  headers: Record<string, string | string[] | undefined>,
  routeLimit: number,
): number | null {
  const length = headers['content-length'];
  if (typeof length === 'string' && /^\d+$/.test(length)) {
    const declared = Number(length);
    return declared > routeLimit ? null : declared;
  }
  return headers['transfer-encoding'] === undefined ? 0 : routeLimit;
}

/** One onRequest hook on the root instance, before any route's authentication or body parsing. */
export function registerByteLimits(
  app: FastifyInstance,
  limits: ByteLimits,
  options: { clock?: () => Date; redis?: Redis | null; redisKeyPrefix?: string } = {},
): void {
  const budget = options.redis
    ? createRedisByteBudget(options.redis, options.redisKeyPrefix ?? 'sp-rate:')
    : createMemoryByteBudget(options.clock);
  const routes = new Map<string, { name: ByteLimitName; limit: { maxBytes: number; windowMs: number } }>();
  for (const route of BYTE_LIMITED_ROUTES) {
    const limit = limits[route.limit];
    if (limit) routes.set(`${route.method} ${route.url}`, { name: route.limit, limit });
  }
  if (routes.size === 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    const route = routes.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!route) return done();
    const bytes = countedBytes(request.headers, request.routeOptions.bodyLimit ?? route.limit.maxBytes);
    if (!bytes) return done();
    budget.take(`${route.name}:${request.ip}`, bytes, route.limit).then(
      ({ allowed, ttlMs }) => {
        if (allowed) return done();
        void reply.header('connection', 'close');
        done(rateLimited(ttlMs / 1000, 'Too many bytes from this address; try again later'));
      },
      (error: unknown) => {
        // Like the request limits: a Redis that does not answer lets the body through (logged).
        request.log.warn({ err: error }, 'byte limit store unavailable; request let through');
        done();
      },
    );
  });
}
