// Fixed windows per key in this process's memory, for the request limits (rate-limit.ts) and the
// byte budgets (byte-limit.ts) when no Redis is configured.

/** Beyond this many tracked keys, expired windows are swept and then the oldest dropped. */
const MAX_TRACKED_KEYS = 50_000;

/**
 * Fixed windows on the app's clock (tests move it), their memory bounded. Every window lasts its
 * timeWindow and is (re)inserted when it starts, so with one window length per key prefix the Map's
 * order is nearly the order of expiry: expired windows gather at its front.
 */
export function createWindows(clock: () => Date = () => new Date()) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt > now && windows.size < MAX_TRACKED_KEYS) break;
      windows.delete(key);
    }
  };
  return {
    /** The key's window now (a new one when it had none or it ended) and the milliseconds it has left. */
    current(key: string, timeWindow: number) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.delete(key);
        sweep(now);
        window = { count: 0, resetAt: now + timeWindow };
        windows.set(key, window);
      }
      return { window, ttl: window.resetAt - now };
    },
  };
}
