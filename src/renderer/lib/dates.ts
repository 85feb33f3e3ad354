/**
 * One way to write a moment everywhere in the app: the person's locale (Intl.DateTimeFormat with the browser's
 * locale and time zone), medium date and time. A clock time alone is for moments of today (round slots, node
 * updates), in the same locale.
 */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const CLOCK = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** "Nov 24, 2026, 6:30:12 PM" in en-US; "24.11.2026, 18:30:12" in de-DE. */
export function dateTime(ms: number): string {
  return DATE_TIME.format(ms);
}

/** "6:30:12 PM" in en-US; "18:30:12" in de-DE. */
export function clockTime(ms: number): string {
  return CLOCK.format(ms);
}

/**
 * A moment that may or may not be today (a node's last block, a delegate's, an alert, a chart's sample): its clock
 * time when it falls on today's date where the person is, else its date and time — "6:30:12 PM" alone for a block
 * of last Tuesday would read as today's.
 */
export function momentTime(ms: number, now: number = Date.now()): string {
  const day = (at: number) => new Date(at).toDateString();
  return day(ms) === day(now) ? clockTime(ms) : dateTime(ms);
}

/** A chain timestamp (unix seconds), or that the transaction is not in a block yet. */
export function chainTime(timestamp: { unix: number } | undefined): string {
  return timestamp === undefined ? 'in pool' : dateTime(timestamp.unix * 1000);
}
