/**
 * The vault password at the review, when signing needs it again (tx:sign-password: it was last entered longer
 * ago than the setting). The password stays in the review's own state and goes only with the one tx:send.
 */
import { useEffect, useState } from 'react';
import { SecretInput } from '../../components/SecretInput';
import { call } from '../../services/call';

export interface SigningPassword {
  /** Undefined while asking the host. */
  required: boolean | undefined;
  password: string;
  setPassword: (password: string) => void;
  /** True when signing may go ahead (no password needed, or one typed). */
  ready: boolean;
  /** The host refused to sign without the password (ERR_PASSWORD_REQUIRED): show the field. */
  demand: () => void;
}

/**
 * Asks the host whether the password is needed each time `open` becomes true. A question that fails (the bridge is
 * reconnecting) is asked again; when no answer comes, the field is shown: asking once too often is safe.
 */
export function useSigningPassword(open: boolean): SigningPassword {
  const [required, setRequired] = useState<boolean | undefined>();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!open) return;
    let current = true;
    let timer: number | undefined;
    const ask = (triesLeft: number) => {
      call('tx:sign-password').then(
        (status) => current && setRequired(status.required),
        () => {
          if (!current) return;
          if (triesLeft > 0) timer = window.setTimeout(() => ask(triesLeft - 1), 1_000);
          else setRequired(true);
        },
      );
    };
    ask(3);
    return () => {
      current = false;
      window.clearTimeout(timer);
      setPassword('');
    };
  }, [open]);
  return {
    required,
    password,
    setPassword,
    ready: required === false || (required === true && password !== ''),
    demand: () => setRequired(true),
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
