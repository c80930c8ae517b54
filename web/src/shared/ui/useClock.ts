import { useEffect, useState } from 'react';

/**
 * The time now, renewed every `everyMs` while `running`, for a view whose state turns with the clock
 * alone (a deadline passes, a copy grows old). Up to `everyMs` behind when it starts running.
 */
export function useClock(everyMs: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
