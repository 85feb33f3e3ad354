import type { InputHTMLAttributes } from 'react';

/**
 * Passwords, passphrases, WIFs: masked, no autocomplete, no spellcheck (architecture §4 "Secrets"). The value
 * stays in the form's own state and is cleared after submit; it never reaches the store.
 */
export function SecretInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input {...props} type="password" autoComplete="off" spellCheck={false} autoCapitalize="off" />;
}
