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

/** A chain timestamp (unix seconds), or that the transaction is not in a block yet. */
export function chainTime(timestamp: { unix: number } | undefined): string {
  return timestamp === undefined ? 'in pool' : dateTime(timestamp.unix * 1000);
}
