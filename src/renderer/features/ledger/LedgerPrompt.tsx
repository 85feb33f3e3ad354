/**
 * While a Ledger wallet signs (from `ledger:prompt` confirm until its `finished`): "Check your Ledger", what the
 * device shows in its order — with the values of the review just confirmed (reviewed-lines.ts), or the message —
 * and what to press. The signing waits on the device alone: Reject there is the way to cancel, and nothing is
 * signed or sent then; the outcome (signed, or the device's error in words with a way to try again) is the signing
 * screen's.
 */
import { useRef } from 'react';
import type { LedgerPromptEvent } from '../../../shared/domain/ledger';
import { useFocusScope } from '../../lib/use-focus-scope';
import { useVotary } from '../../store';
import type { DeviceLine } from './device-review';
import { reviewedDeviceLines } from './reviewed-lines';

export const CANCEL_ON_DEVICE =
  'To cancel, press both buttons on “Reject” on the Ledger: nothing is signed and nothing is sent. If no one answers, the request ends by itself after 3 minutes.';

/** What the prompt lists: the review's values when this signing's review is known, the device's labels otherwise. */
export function promptLines(prompt: LedgerPromptEvent): DeviceLine[] {
  if (prompt.subject === 'message') return [{ label: 'Message', value: prompt.message ?? '' }];
  return reviewedDeviceLines(prompt.preparedId) ?? prompt.screens.map((label) => ({ label }));
}

export function LedgerPromptView({ prompt }: { prompt: LedgerPromptEvent }) {
  return (
    <>
      <h2>Check your Ledger</h2>
      <p>
        Signing this {prompt.kind} with <span className="mono small">{prompt.address}</span> (
        <span className="mono small">{prompt.path}</span>) on the device.
      </p>
      <p data-testid="ledger-instruction">{prompt.instruction}</p>
      <ol className="device-screens">
        {promptLines(prompt).map((line, i) => (
          <li key={`${i}${line.label}`}>
            <span className="device-label">{line.label}</span>
            {line.value !== undefined && <span className="mono device-value">{line.value}</span>}
          </li>
        ))}
      </ol>
      {prompt.tokenNote !== undefined && <p className="warning-note">{prompt.tokenNote}</p>}
      <p className="muted small" data-testid="ledger-cancel">
        {CANCEL_ON_DEVICE}
      </p>
      <p role="status" aria-live="polite" className="small">
        Waiting for the Ledger…
      </p>
    </>
  );
}

export function LedgerPrompt() {
  const prompt = useVotary((s) => s.ledgerPrompt);
  const dialog = useRef<HTMLElement>(null);
  useFocusScope(dialog, prompt !== undefined, { modal: true });
  if (prompt === undefined) return null;
  return (
    <div className="review-backdrop">
      <section
        className="card review"
        role="alertdialog"
        aria-modal="true"
        aria-label="Check your Ledger"
        data-testid="ledger-prompt"
        ref={dialog}
        tabIndex={-1}
      >
        <LedgerPromptView prompt={prompt} />
      </section>
    </div>
  );
}
