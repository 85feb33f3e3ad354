import { useEffect, useState } from 'react';

/** The current Unix ms, renewed every `intervalMs`: for words that age ("no new block for 62 s"). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
