import { useVotary } from '../store';

/** The last failure in plain words, announced to screen readers; its code only as a tooltip, for support. */
export function ErrorBanner() {
  const error = useVotary((s) => s.error);
  const clearError = useVotary((s) => s.clearError);
  if (error === undefined) return null;
  return (
    <div className="error-banner" role="alert" data-code={error.code}>
      <p title={`Code for support: ${error.code}`}>{error.message}</p>
      <button type="button" onClick={clearError} aria-label="Dismiss the error">
        Dismiss
      </button>
    </div>
  );
}
