/**
 * Tells the host when a person uses the app, so that auto-lock counts only that (docs/design/security.md "Key
 * store"): key presses, clicks, touches and scrolling, at most once per interval. Background refreshes of the
 * screens never call it.
 */
export const ACTIVITY_INTERVAL_MS = 10_000;
const EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/** Reports activity through `report` at most every `intervalMs`; returns the function that stops listening. */
export function watchActivity(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  report: () => void,
  now: () => number = Date.now,
  intervalMs = ACTIVITY_INTERVAL_MS,
): () => void {
  let last = -Infinity;
  const seen = () => {
    const at = now();
    if (at - last < intervalMs) return;
    last = at;
    report();
  };
  for (const name of EVENTS) target.addEventListener(name, seen, { passive: true, capture: true });
  return () => {
    for (const name of EVENTS) target.removeEventListener(name, seen, { capture: true });
  };
}
