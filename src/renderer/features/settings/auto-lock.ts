/** The contract's bound for vault:set-auto-lock: a day. */
export const AUTO_LOCK_MAX_MINUTES = 24 * 60;

/**
 * Whole minutes only, as the host stores them: "0.5" was read as 0 (never lock) before, silently. The bound is the
 * contract's (vault:set-auto-lock).
 */
export function autoLockProblem(text: string): string | undefined {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value) || Number(value) > AUTO_LOCK_MAX_MINUTES) {
    return `Enter a whole number of minutes from 0 (never) to ${AUTO_LOCK_MAX_MINUTES}.`;
  }
  return undefined;
}
