/**
 * The rule for a password chosen for the vault (a new vault or a password change): at least MIN_PASSWORD_LENGTH
 * characters, and not easy to guess by zxcvbn-ts's estimate (shared/lib/password-strength.ts, the same rule as the
 * meter on screen). Checking a password that unlocks a vault applies no rule: it only has to be the right one.
 */
import { passwordStrength } from '../../shared/lib/password-strength';
import { KeystoreError } from './errors';

export const MIN_PASSWORD_LENGTH = 8;

/** ERR_INVALID_INPUT when too short (or not text), ERR_WEAK_PASSWORD with zxcvbn's reason when easy to guess. */
export function assertPassword(password: unknown, what = 'password'): asserts password is string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw new KeystoreError(
      'ERR_INVALID_INPUT',
      `the ${what} must be at least ${MIN_PASSWORD_LENGTH} characters`,
    );
  }
  const strength = passwordStrength(password);
  if (!strength.acceptable) {
    const why = [strength.warning, ...strength.suggestions].filter(Boolean).join(' ');
    throw new KeystoreError(
      'ERR_WEAK_PASSWORD',
      `That ${what} is too easy to guess (${strength.label}).${why === '' ? '' : ` ${why}`}`,
    );
  }
}
