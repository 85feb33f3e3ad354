/**
 * The pieces of "Add a Ledger wallet" that only show what they are given (AddLedgerWallet.tsx holds the reads):
 * the device's state in words, and the accounts read from it with their address and balance, to choose and name.
 */
import type { LedgerAccountView, LedgerState, LedgerStatusView } from '../../../shared/domain/ledger';
import { signedAmountInWords } from '../../lib/amount';

/** A heading per device state; the sentence under it is the host's (it names what to do). */
export const STATE_HEADINGS: Record<LedgerState, string> = {
  ready: 'Ledger ready',
  'not-connected': 'No Ledger connected',
  'usb-unavailable': 'Votary cannot reach USB devices here',
  locked: 'Your Ledger is locked',
  'wrong-app': 'The ARK app is not open on your Ledger',
  'app-too-old': 'The ARK app on your Ledger is too old',
  busy: 'Your Ledger is busy',
  timeout: 'Your Ledger did not answer',
  disconnected: 'Your Ledger was disconnected',
  error: 'Your Ledger answered with an error',
};

export function DeviceState({
  status,
  checking,
  onCheck,
}: {
  status: LedgerStatusView | undefined;
  checking: boolean;
  onCheck: () => void;
}) {
  if (status === undefined) {
    return (
      <p role="status" data-testid="ledger-state">
        Looking for a Ledger…
      </p>
    );
  }
  const ready = status.state === 'ready';
  return (
    <div role="status" data-testid="ledger-state" className={ready ? undefined : 'warning-note'}>
      <strong>{STATE_HEADINGS[status.state]}</strong>
      <p className="small">{status.message}</p>
      {!ready && (
        <button type="button" onClick={onCheck} disabled={checking}>
          {checking ? 'Checking…' : 'Check again'}
        </button>
      )}
    </div>
  );
}

/** An account's name field, in the list once it is chosen. */
export interface Chosen {
  account: LedgerAccountView;
  name: string;
}

export function AccountList({
  accounts,
  chosen,
  symbol,
  onToggle,
  onName,
}: {
  accounts: readonly LedgerAccountView[];
  chosen: ReadonlyMap<string, Chosen>;
  symbol: string;
  onToggle: (account: LedgerAccountView, on: boolean) => void;
  onName: (path: string, name: string) => void;
}) {
  return (
    <table className="ledger-accounts" aria-label="Accounts on the Ledger">
      <thead>
        <tr>
          <th scope="col">Add</th>
          <th scope="col">Path</th>
          <th scope="col">Address</th>
          <th scope="col">Balance</th>
          <th scope="col">Name</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => {
          const pick = chosen.get(account.path);
          const added = account.walletId !== undefined;
          return (
            <tr key={account.path} data-testid="ledger-account">
              <td>
                <input
                  type="checkbox"
                  checked={pick !== undefined}
                  disabled={added}
                  onChange={(e) => onToggle(account, e.target.checked)}
                  aria-label={`Add account ${account.index + 1}, ${account.address}`}
                />
              </td>
              <td className="mono small">{account.path}</td>
              <td className="mono small">{account.address}</td>
              <td>
                {signedAmountInWords(account.balance, symbol)}
                {added ? (
                  <span className="muted small"> · already a wallet here</span>
                ) : account.used ? null : (
                  <span className="muted small"> · new, never used</span>
                )}
              </td>
              <td>
                {pick !== undefined && (
                  <input
                    value={pick.name}
                    onChange={(e) => onName(account.path, e.target.value)}
                    maxLength={64}
                    aria-label={`Name for ${account.address}`}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The default name of an account read from the device: "Ledger 1" for account 0, as ArkVault counts them. */
export function defaultLedgerName(
  account: Pick<LedgerAccountView, 'index' | 'path'>,
  custom = false,
): string {
  return custom ? `Ledger ${account.path}` : `Ledger ${account.index + 1}`;
}
