/** Change the vault password. Both passwords stay in this form and are cleared on submit. */
import { useState, type FormEvent } from 'react';
import { PasswordStrengthMeter, usePasswordStrength } from '../../components/PasswordStrengthMeter';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function PasswordChange() {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const strength = usePasswordStrength(next);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [given, wanted, again] = [current, next, repeat];
    setCurrent('');
    setNext('');
    setRepeat('');
    setDone(false);
    if (wanted !== again) {
      reportError(new Error('The two new passwords differ. Type the same password twice.'));
      return;
    }
    try {
      await call('vault:change-password', { current: given, next: wanted });
      clearError();
      setDone(true);
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-label="Change password">
      <h2>Change password</h2>
      <label>
        Current password
        <SecretInput value={current} onChange={(e) => setCurrent(e.target.value)} required />
      </label>
      <label>
        New password
        <SecretInput value={next} onChange={(e) => setNext(e.target.value)} required />
      </label>
      <PasswordStrengthMeter strength={strength} />
      <label>
        Confirm new password
        <SecretInput value={repeat} onChange={(e) => setRepeat(e.target.value)} required />
      </label>
      <button type="submit">Change password</button>
      {done && <p role="status">Password changed.</p>}
    </form>
  );
}
