// The Redis connection of the request limits (REDIS_URL, decision 024), closed with the app. Commands
// fail at once while it is down (no offline queue), so a missing Redis costs a request nothing but
// its limit check.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** The client module is loaded only when REDIS_URL is set: the embedded default never needs it. */
export async function createRedis(app: FastifyInstance, url: string | null): Promise<Redis | null> {
  if (!url) return null;
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis: %s', error.message));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
