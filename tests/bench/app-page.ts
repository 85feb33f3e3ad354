/**
 * What `npm run bench:app` runs inside the page. Plain JavaScript source (this file type-checks without the DOM
 * library, and Playwright sends page code as text anyway).
 *
 * "Interactive", precisely: the first screen's main control — the vault
 * form's Password field (create or unlock) — is in the DOM, enabled, focused, its submit button enabled; then the
 * page's main thread has run one more task (a MessageChannel message posted at that moment), so a key press
 * arriving then is handled at once. The form only renders after the WebSocket bridge is open and the host has
 * answered `app:info` and the vault status, so interactive implies "connected".
 */

export interface InteractiveMarks {
  /** ms after navigation start (performance.now() in the page). */
  bridgeOpen: number | undefined;
  fieldReady: number;
  interactive: number;
  domContentLoaded: number;
  firstContentfulPaint: number | undefined;
  /** performance.timeOrigin: the navigation start in wall-clock ms. */
  timeOrigin: number;
}

/** An init script: runs in every document before the page's own scripts. */
export const INTERACTIVE_PROBE = `(() => {
  const marks = { bridgeOpen: undefined, fieldReady: undefined, interactive: undefined };
  let reached;
  window.__votaryBenchInteractive = new Promise((resolve) => (reached = resolve));
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes('/bridge')) {
        this.addEventListener('open', () => {
          if (marks.bridgeOpen === undefined) marks.bridgeOpen = performance.now();
        }, { once: true });
      }
    }
  };
  const check = () => {
    if (marks.fieldReady !== undefined) return;
    const form = document.querySelector('form[aria-label="Create vault"], form[aria-label="Unlock"]');
    const field = form && form.querySelector('input[type="password"]');
    const submit = form && form.querySelector('button[type="submit"]');
    if (!field || field.disabled || !submit || submit.disabled || document.activeElement !== field) return;
    marks.fieldReady = performance.now();
    performance.mark('bench:field-ready');
    observer.disconnect();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      marks.interactive = performance.now();
      performance.mark('bench:interactive');
      const navigation = performance.getEntriesByType('navigation')[0];
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      reached({
        bridgeOpen: marks.bridgeOpen,
        fieldReady: marks.fieldReady,
        interactive: marks.interactive,
        domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : NaN,
        firstContentfulPaint: paint ? paint.startTime : undefined,
        timeOrigin: performance.timeOrigin,
      });
    };
    channel.port2.postMessage(null);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('focusin', check, true);
})();`;

/**
 * An expression: a promise of the marks, settled once the probe has seen the page interactive (a promise, not
 * polling with waitForFunction: the renderer's CSP forbids the string evaluation that polling needs).
 */
export const READ_INTERACTIVE = 'window.__votaryBenchInteractive';

export interface FrameLog {
  /** Intervals between consecutive requestAnimationFrame timestamps, ms. */
  intervals: number[];
  /** Frames in which at least one rendered history row still showed "Loading…". */
  loadingFrames: number;
  scrollTop: number;
  scrollMax: number;
}

const HISTORY = `document.querySelector('[role="list"][aria-label="Transaction history"]')`;

/**
 * An expression (a promise): a requestAnimationFrame loop that moves the history's scrollTop from the top to
 * the bottom at constant speed over `ms`, logging every frame's interval.
 */
export function sweepScript(ms: number): string {
  return `new Promise((resolve, reject) => {
  const list = ${HISTORY};
  if (!list) return reject(new Error('no transaction history on the page'));
  const max = list.scrollHeight - list.clientHeight;
  const intervals = [];
  let loadingFrames = 0;
  let start;
  let last;
  list.scrollTop = 0;
  const step = (now) => {
    if (start === undefined) start = now;
    else intervals.push(now - last);
    last = now;
    if (list.querySelector('.history-row .loading')) loadingFrames++;
    const progress = Math.min(1, (now - start) / ${ms});
    list.scrollTop = progress * max;
    if (progress < 1) requestAnimationFrame(step);
    else resolve({ intervals, loadingFrames, scrollTop: list.scrollTop, scrollMax: max });
  };
  requestAnimationFrame(step);
})`;
}

/** Starts logging frames (for the wheel run, where the input comes from outside the page). */
export const START_FRAME_LOG = `(() => {
  const log = { intervals: [], loadingFrames: 0, running: true };
  window.__votaryFrames = log;
  const list = ${HISTORY};
  let last;
  const step = (now) => {
    if (last !== undefined) log.intervals.push(now - last);
    last = now;
    if (list && list.querySelector('.history-row .loading')) log.loadingFrames++;
    if (log.running) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;

export const STOP_FRAME_LOG = `(() => {
  const log = window.__votaryFrames;
  log.running = false;
  const list = ${HISTORY};
  return {
    intervals: log.intervals,
    loadingFrames: log.loadingFrames,
    scrollTop: list ? list.scrollTop : NaN,
    scrollMax: list ? list.scrollHeight - list.clientHeight : NaN,
  };
})()`;

/** The rendered history rows' text, top to bottom (the virtual list renders only those near the viewport). */
export const RENDERED_ROWS = `Array.from(${HISTORY}?.querySelectorAll('.history-row') ?? [])
  .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
  .map((row) => ({ text: row.innerText.replace(/\\s+/g, ' ').trim(), loading: !!row.querySelector('.loading') }))`;
