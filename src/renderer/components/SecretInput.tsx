import type { InputHTMLAttributes } from 'react';

/**
 * Passwords, passphrases, WIFs: masked, no autocomplete, no spellcheck (docs/design/architecture.md "Rules"). The
 * value
 * stays in the form's own state and is cleared after submit; it never reaches the store.
 */
export function SecretInput({
  revealed = false,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { revealed?: boolean }) {
  // Shown only while the person asks for it (a "Show password" switch beside the field).
  return (
    <input
      {...props}
      type={revealed ? 'text' : 'password'}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
    />
  );
}
