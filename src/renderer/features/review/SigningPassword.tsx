/**
 * The vault password at the review, when signing needs it again (tx:sign-password: it was last entered longer
 * ago than the setting). The password stays in the review's own state and goes only with the one tx:send.
 */
import { useEffect, useState } from 'react';
import { SecretInput } from '../../components/SecretInput';
import { usePasswordRequired } from '../../lib/reads/signing';

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
 * Asks the host whether the password is needed each time `open` becomes true, and again when the signing settings
 * change while it is open (lib/reads/signing.ts `usePasswordRequired`: when no answer comes, the field is shown).
 * The password typed is forgotten when the review closes.
 */
export function useSigningPassword(open: boolean): SigningPassword {
  const { required, demand } = usePasswordRequired(open);
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!open) return;
    return () => setPassword('');
  }, [open]);
  return {
    required,
    password,
    setPassword,
    ready: required === false || (required === true && password !== ''),
    demand,
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
