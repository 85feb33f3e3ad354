import { walletNameText } from '../../components/DeviceMark';
import { FieldError } from '../../components/FieldError';
import type { SigningWallet } from './signing-wallet';

/**
 * "From wallet" on every form that signs: each wallet by name and address (a Ledger wallet marked so), starting at
 * "Choose a wallet…" while no wallet is chosen (signing-wallet.ts), with the form's problem about the wallet beneath
 * it, and each Ledger wallet left out for this form with the reason.
 */
export function SigningWalletSelect({
  signer,
  label = 'From wallet',
  problem,
  onChange,
}: {
  signer: SigningWallet;
  label?: string;
  problem?: string | undefined;
  /** Called after the choice changes (a form clears its problems). */
  onChange?: () => void;
}) {
  const { wallets, wallet, choose, refused } = signer;
  return (
    <>
      <label>
        {label}
        <select
          value={wallet?.id ?? ''}
          onChange={(e) => {
            choose(e.target.value);
            onChange?.();
          }}
          aria-invalid={problem !== undefined}
        >
          {wallet === undefined && <option value="">Choose a wallet…</option>}
          {wallets.map((w) => (
            <option key={w.id} value={w.id}>
              {walletNameText(w)} · {w.address}
            </option>
          ))}
        </select>
        <FieldError message={problem} />
      </label>
      {refused.map(({ wallet: left, reason }) => (
        <p key={left.id} className="muted small" data-testid="signer-refused">
          {walletNameText(left)} is not offered here: {reason}
        </p>
      ))}
    </>
  );
}
