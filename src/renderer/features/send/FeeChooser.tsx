/**
 * Send's fee: the fees that can work on this network for this transaction (lib/fees.ts workableFees) — the
 * standard fee, the host's from the network's milestones, and the node's recent fees said as its report — or a
 * custom one checked against the least a node takes; and the review's warning for a high fee. The choice, the
 * typed fee and the confirmation are the page's state; these draw them.
 */
import { Amount } from '../../components/Amount';
import { FieldError } from '../../components/FieldError';
import type { FeeChoice, FeeLimits, FeeOption } from '../../lib/fees';

const FEE_LABELS: Record<FeeChoice, string> = {
  static: 'Standard',
  min: 'Recent minimum',
  avg: 'Recent average',
  max: 'Recent maximum',
};

export function FeeChooser(props: {
  options: readonly FeeOption[];
  choice: FeeChoice | 'custom';
  onChoose: (choice: FeeChoice | 'custom') => void;
  customFee: string;
  onCustomFee: (text: string) => void;
  /** Why the typed fee cannot be used, if it cannot. */
  customProblem: string | undefined;
  limits: FeeLimits | undefined;
  token: string;
  say: (arktoshi: string) => string;
}) {
  const { options, choice, onChoose, customFee, onCustomFee, customProblem, limits, token, say } = props;
  const standard = options.find((option) => option.choice === 'static');
  const reported = options.filter((option) => option.choice !== 'static');
  return (
    <fieldset>
      <legend>Fee</legend>
      {/* Until the host has said the amount, "Standard" sends no fee and the host fills in the same one. */}
      <label className="inline">
        <input type="radio" name="fee" checked={choice === 'static'} onChange={() => onChoose('static')} />
        {FEE_LABELS.static}
        {standard !== undefined && (
          <>
            {' '}
            <Amount value={standard.value} />
          </>
        )}
      </label>
      {reported.map((option) => (
        <label key={option.choice} className="inline">
          <input
            type="radio"
            name="fee"
            checked={choice === option.choice}
            onChange={() => onChoose(option.choice)}
          />
          {FEE_LABELS[option.choice]} <Amount value={option.value} />
        </label>
      ))}
      <label className="inline">
        <input type="radio" name="fee" checked={choice === 'custom'} onChange={() => onChoose('custom')} />
        Custom
      </label>
      {reported.length > 0 && (
        <p className="muted small">
          Recent fees are what the node reports of its last blocks: its word, not the network&apos;s rule.
        </p>
      )}
      {choice === 'custom' && (
        <label>
          Custom fee ({token})
          <input
            value={customFee}
            onChange={(e) => onCustomFee(e.target.value)}
            inputMode="decimal"
            aria-invalid={customProblem !== undefined}
          />
          <FieldError message={customFee.trim() === '' ? undefined : customProblem} />
          {limits !== undefined && (
            <span className="muted small">
              {limits.dynamic
                ? `Nodes take at least ${say(limits.minimum)} for this transaction.`
                : 'This network takes exactly the standard fee.'}
            </span>
          )}
        </label>
      )}
    </fieldset>
  );
}

/** The review's warning for a fee far above the standard one or above the amount: sent only once confirmed. */
export function HighFeeWarning(props: {
  reason: 'ceiling' | 'amount';
  /** The host's ceiling in multiples of the standard fee (undefined: said without the number). */
  ceiling: number | undefined;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  return (
    <div className="warning-note" role="alert">
      <p>
        {props.reason === 'ceiling'
          ? props.ceiling === undefined
            ? 'This fee is above the fee ceiling set in Settings.'
            : `This fee is more than ${props.ceiling} times the network's standard fee.`
          : 'This fee is more than the amount you are sending.'}{' '}
        A fee cannot be taken back once the transaction is sent.
      </p>
      <label className="inline">
        <input
          type="checkbox"
          checked={props.confirmed}
          onChange={(e) => props.onConfirm(e.target.checked)}
        />
        I checked the fee and want to pay it
      </label>
    </div>
  );
}
