import { useEffect, useState } from 'react';
import type { RunningTimer } from '@shared/contracts/timers';

/** 75 → "01:15"; 3_725 → "1:02:05". */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * The timer's elapsed seconds at `now`: the server's count when it answered (`receivedAt`) plus the
 * time since, by this browser's clock (never the difference of two clocks).
 */
export function elapsedAt(timer: RunningTimer, receivedAt: number, now: number): number {
  return timer.elapsedSeconds + Math.max(0, Math.floor((now - receivedAt) / 1000));
}

/** The timer's elapsed seconds now (elapsedAt), ticking every second. */
export function useElapsedSeconds(timer: RunningTimer | null, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const interval = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(interval);
  }, [timer]);
  return timer ? elapsedAt(timer, receivedAt, now) : 0;
}
