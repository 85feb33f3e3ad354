import { useVotary } from '../store';

/** The last failure in plain words, announced to screen readers, with its code for support. */
export function ErrorBanner() {
  const error = useVotary((s) => s.error);
  const clearError = useVotary((s) => s.clearError);
  if (error === undefined) return null;
  return (
    <div className="error-banner" role="alert">
      <p>
        {error.message} <code className="muted">{error.code}</code>
      </p>
      <button type="button" onClick={clearError} aria-label="Dismiss the error">
        Dismiss
      </button>
    </div>
  );
}
