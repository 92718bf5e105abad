import { useEffect, useRef, useState } from 'react';

/**
 * True while `pending` has lasted longer than `delayMs`, and then for at least `minMs`, so that
 * quick answers show no spinner and slow ones show it without a flash.
 */
export function useDelayedPending(pending: boolean, delayMs = 400, minMs = 300): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    const remaining = Math.max(0, shownAt.current + minMs - Date.now());
    const timer = setTimeout(() => setVisible(false), remaining);
    return () => clearTimeout(timer);
  }, [pending, delayMs, minMs]);

  return visible;
}
