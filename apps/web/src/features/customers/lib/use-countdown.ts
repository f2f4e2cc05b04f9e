import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** Seconds left until `until` (ms since epoch), re-rendered every second while counting; 0 when done. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = until === null ? 0 : secondsLeft(until, now);
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(until, current) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
