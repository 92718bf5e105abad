import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, for texts such as "5 minutes ago". */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
