/**
 * A span of time in a sentence's words: "46 seconds", "10 minutes", "2 hours 5 minutes", "3 days 4 hours". Used
 * where a review or a reason says how long something lasts or how far off it is (a lock's expiry), so that a
 * person never reads a count of seconds or an epoch second.
 */
export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

/** How one count of a unit is said: "1 minute", "5 minutes" by default; a screen with little room says it short. */
export type SayUnit = (value: number, unit: DurationUnit) => string;

function counted(value: number, unit: DurationUnit): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

export function durationWords(seconds: number, say: SayUnit = counted): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return say(s, 'second');
  const minutes = Math.round(s / 60);
  if (minutes < 60) return say(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const minutesLeft = minutes % 60;
  if (hours < 48) {
    return minutesLeft === 0 ? say(hours, 'hour') : `${say(hours, 'hour')} ${say(minutesLeft, 'minute')}`;
  }
  const days = Math.floor(hours / 24);
  const hoursLeft = hours % 24;
  return hoursLeft === 0 ? say(days, 'day') : `${say(days, 'day')} ${say(hoursLeft, 'hour')}`;
}
