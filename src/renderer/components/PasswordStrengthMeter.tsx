/**
 * The strength of a password being chosen, as the person types (src/shared/lib/password-strength.ts, the same
 * rule the core enforces). The estimator and its dictionaries are a separate chunk, loaded when this first shows.
 */
import { useEffect, useState } from 'react';
import type { PasswordStrength } from '../../shared/lib/password-strength';

type Estimate = (password: string) => PasswordStrength;
let loading: Promise<Estimate> | undefined;

function loadEstimator(): Promise<Estimate> {
  loading ??= import('../../shared/lib/password-strength').then((module) => module.passwordStrength);
  return loading;
}

/** The estimate for `password`, or undefined while the estimator loads or the field is empty. */
export function usePasswordStrength(password: string): PasswordStrength | undefined {
  const [estimated, setEstimated] = useState<{ password: string; strength: PasswordStrength }>();
  useEffect(() => {
    if (password === '') return;
    let current = true;
    void loadEstimator().then((estimate) => {
      if (current) setEstimated({ password, strength: estimate(password) });
    });
    return () => {
      current = false;
    };
  }, [password]);
  // An estimate of an earlier text is never shown for the current one.
  return estimated?.password === password && password !== '' ? estimated.strength : undefined;
}

export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | undefined }) {
  if (strength === undefined) return null;
  return (
    <div className="password-strength" data-score={strength.score} aria-live="polite">
      <meter
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength.score}
        aria-label="Password strength"
      />
      <span>
        Strength: <strong>{strength.label}</strong>
        {!strength.acceptable && ' — too easy to guess'}
      </span>
      {(strength.warning !== '' || (!strength.acceptable && strength.suggestions.length > 0)) && (
        <p className="muted small">{[strength.warning, ...strength.suggestions].filter(Boolean).join(' ')}</p>
      )}
    </div>
  );
}
