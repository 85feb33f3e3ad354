/**
 * The vault password at the review, when signing needs it again (tx:sign-password: it was last entered longer
 * ago than the setting). The password stays in the review's own state and goes only with the one tx:send.
 */
import { useEffect, useState } from 'react';
import { SecretInput } from '../../components/SecretInput';
import { signPassword } from '../../services/transactions';

export interface SigningPassword {
  /** Undefined while asking the host. */
  required: boolean | undefined;
  password: string;
  setPassword: (password: string) => void;
  /** True when signing may go ahead (no password needed, or one typed). */
  ready: boolean;
}

/** Asks the host whether the password is needed each time `open` becomes true. */
export function useSigningPassword(open: boolean): SigningPassword {
  const [required, setRequired] = useState<boolean | undefined>();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!open) return;
    let current = true;
    signPassword().then(
      (status) => current && setRequired(status.required),
      () => current && setRequired(false),
    );
    return () => {
      current = false;
      setPassword('');
    };
  }, [open]);
  return {
    required,
    password,
    setPassword,
    ready: required === false || (required === true && password !== ''),
  };
}

export function SigningPasswordField({ signing }: { signing: SigningPassword }) {
  if (signing.required !== true) return null;
  return (
    <label>
      Vault password (asked again before signing after a while)
      <SecretInput value={signing.password} onChange={(e) => signing.setPassword(e.target.value)} autoFocus />
    </label>
  );
}
