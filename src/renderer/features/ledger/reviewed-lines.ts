/**
 * The device's screens with the review's values, kept by the prepared id when a Ledger wallet's review is
 * confirmed, so the prompt shown while the device signs (`ledger:prompt`, which names the prepared id) can say the
 * same values to compare. A few at most: a review is signed within minutes or not at all.
 */
import type { DeviceLine } from './device-review';

const KEPT = 8;
const lines = new Map<string, DeviceLine[]>();

export function rememberDeviceLines(preparedId: string, shown: DeviceLine[]): void {
  lines.delete(preparedId);
  lines.set(preparedId, shown);
  while (lines.size > KEPT) lines.delete(lines.keys().next().value as string);
}

export function reviewedDeviceLines(preparedId: string | undefined): DeviceLine[] | undefined {
  return preparedId === undefined ? undefined : lines.get(preparedId);
}
