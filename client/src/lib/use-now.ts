import { useEffect, useState } from 'react';

/**
 * The current time, moved on every `intervalMs` while the component is shown, for countdowns that
 * must not wait for the next poll (the SLA clocks of issue 24).
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const interval = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(interval);
  }, [intervalMs]);
  return now;
}
