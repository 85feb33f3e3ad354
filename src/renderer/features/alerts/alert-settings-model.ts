/** Parsing the alert settings form: "my delegates" typed as a list, numbers within the contract. */
import type { MonitorSettings } from '../../../shared/domain/monitor';

/** Usernames or public keys separated by commas, spaces or new lines; duplicates dropped, order kept. */
export function parseDelegateList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,]+/)) {
    const name = part.trim();
    if (name !== '') seen.add(name);
  }
  return [...seen];
}

export type SettingsCheck = { ok: true; myDelegates: string[] } | { ok: false; message: string };

/** The form's checks before it is sent (the host validates again with the same bounds). */
export function checkSettingsForm(
  delegatesText: string,
  numbers: Pick<MonitorSettings, 'behindThreshold' | 'stallSeconds' | 'pollSeconds'>,
): SettingsCheck {
  const myDelegates = parseDelegateList(delegatesText);
  if (myDelegates.length > 50) return { ok: false, message: 'Watch at most 50 delegates.' };
  const tooLong = myDelegates.find((name) => name.length > 66);
  if (tooLong !== undefined)
    return { ok: false, message: `"${tooLong.slice(0, 20)}…" is not a username or public key.` };
  if (
    !Number.isInteger(numbers.behindThreshold) ||
    numbers.behindThreshold < 1 ||
    numbers.behindThreshold > 100_000
  ) {
    return { ok: false, message: 'The "blocks behind" threshold is a whole number from 1 to 100,000.' };
  }
  if (!Number.isInteger(numbers.stallSeconds) || numbers.stallSeconds < 5 || numbers.stallSeconds > 86_400) {
    return { ok: false, message: 'The stall time is a whole number of seconds from 5 to 86,400.' };
  }
  if (!Number.isInteger(numbers.pollSeconds) || numbers.pollSeconds < 1 || numbers.pollSeconds > 600) {
    return { ok: false, message: 'The poll interval is a whole number of seconds from 1 to 600.' };
  }
  return { ok: true, myDelegates };
}
