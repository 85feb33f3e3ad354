import { FieldError } from '../../components/FieldError';
import type { SigningWallet } from './signing-wallet';

/**
 * "From wallet" on every form that signs: each wallet by name and address, starting at "Choose a wallet…" while
 * no wallet is chosen (signing-wallet.ts), with the form's problem about the wallet beneath it.
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
  const { wallets, wallet, choose } = signer;
  return (
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
            {w.name} · {w.address}
          </option>
        ))}
      </select>
      <FieldError message={problem} />
    </label>
  );
}
