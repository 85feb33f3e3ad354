/**
 * Fund any address from the localnet faucet (test tokens with no value). The transfer's id and what became of it
 * (in the pool, then the block that confirmed it) stay under the form as the pending list follows it (SentStatus).
 */
import { useState, type FormEvent } from 'react';
import type { PendingView } from '../../../shared/domain/transactions';
import { SentStatus } from '../pending/SentStatus';
import { formatAmount } from '../../lib/amount';
import { useVotary } from '../../store';
import { tokenName } from '../../store/node-slice';
import type { RunControl } from './run-control';
import { checkFaucetAmount } from './localnet-model';
import { call } from '../../services/call';

export function FaucetForm({ run }: { run: RunControl }) {
  const symbol = useVotary(tokenName);
  const reportError = useVotary((s) => s.reportError);
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [funded, setFunded] = useState<PendingView | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFaucetAmount(amount);
    if (!checked.ok) {
      reportError(new Error(checked.message));
      return;
    }
    void run(
      () =>
        call('faucet:fund', {
          address: address.trim(),
          ...(checked.value === undefined ? {} : { amount: checked.value }),
        }),
      (result) =>
        `Sent ${formatAmount(result.amount, symbol)} to ${result.address} (test tokens): ${result.note}`,
      (result) => {
        pendingChanged(result.pending);
        setFunded(result.pending);
        setAmount('');
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="faucet-title">
      <h2 id="faucet-title">Faucet</h2>
      <div className="row wrap align-end">
        <label>
          Address to fund
          <input
            value={address}
            required
            maxLength={40}
            onChange={(e) => setAddress(e.target.value)}
            className="mono"
          />
        </label>
        <label>
          Amount ({symbol}, empty for the default)
          <input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} />
        </label>
        <button type="submit" disabled={address.trim() === ''}>
          Fund address
        </button>
      </div>
      {funded !== undefined && <SentStatus sent={funded} what="Test tokens" />}
    </form>
  );
}
