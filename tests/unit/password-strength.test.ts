/** The vault password rule (src/shared/lib/password-strength.ts), enforced by the key store whatever the UI showed. */
import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../src/shared/lib/password-strength';
import { codeOf, openKeystore, tempDataDir } from '../keystore/support';

const WEAK = ['password1', 'qwertyuiop', 'Summer2024!', 'votary123', 'aaaaaaaaaaaa', 'iloveyou2', '12345678'];
const STRONG = [
  'correct horse battery',
  'p\u00e4ssw\u00f6rd-caf\u00e9 tr\u00e8s',
  'new password 123',
  'another password',
  'a new password',
  'tangerine orbit kettle 42',
];

describe('password strength', () => {
  it.each(WEAK)('refuses %s', (password) => {
    const strength = passwordStrength(password);
    expect(strength.acceptable).toBe(false);
    expect(strength.score).toBeLessThan(3);
  });

  it.each(STRONG)('accepts %s', (password) => {
    expect(passwordStrength(password).acceptable).toBe(true);
  });

  it('explains why a password is weak', () => {
    expect(passwordStrength('password1')).toMatchObject({
      label: 'very weak',
      warning: 'This is a commonly used password.',
    });
  });

  it('the key store refuses a weak vault password or new password, saying why', async () => {
    const keystore = openKeystore(tempDataDir());
    await expect(keystore.create('Summer2024!')).rejects.toMatchObject({
      code: 'ERR_WEAK_PASSWORD',
      message: expect.stringMatching(/^That password is too easy to guess \(fair\)/) as string,
    });
    expect(await keystore.hasVault()).toBe(false);
    await keystore.create('tangerine orbit kettle 42');
    expect(await codeOf(keystore.changePassword('tangerine orbit kettle 42', 'qwertyuiop'))).toBe(
      'ERR_WEAK_PASSWORD',
    );
  });
});
