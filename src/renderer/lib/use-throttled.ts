/**
 * A value that follows `value` at most once per `ms` (the last change always lands). Screens refetch when the
 * monitor's counters move; with 1-second blocks that would be a request per second per table otherwise.
 */
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const apply = () => {
      last.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      apply();
      return;
    }
    const timer = window.setTimeout(apply, wait);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
