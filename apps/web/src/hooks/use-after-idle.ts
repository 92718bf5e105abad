// For work a page does not need for its first view: it waits until the browser has been idle once
// (requestIdleCallback), so that it does not compete with the page's own scripts, requests and
// rendering on a slow phone or line (docs/decisions/012-largest-contentful-paint.md).
import { useEffect, useState } from 'react';

/** Where the browser has no requestIdleCallback (Safari), a short timer instead. */
const FALLBACK_DELAY_MS = 200;

/**
 * False until the browser has been idle once since `enabled` first became true, at most
 * `timeoutMs` later; then true for as long as `enabled` is.
 */
export function useAfterIdle(enabled: boolean, timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, idle, timeoutMs]);
  return enabled && idle;
}
