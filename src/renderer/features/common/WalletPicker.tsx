import { walletNameText } from '../../components/DeviceMark';
import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useVotary } from '../../store';
import { selectedWallet, signingWallets } from '../../store/wallets-slice';

/** The signing wallet for a form (watch-only wallets cannot sign). Follows the store's selected wallet. */
export function WalletPicker({ label = 'From wallet' }: { label?: string }) {
  const wallets = useVotary(useShallow(signingWallets));
  const current = useVotary(selectedWallet);
  const navigate = useVotary((s) => s.navigate);
  const route = useVotary((s) => s.route);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={current?.id ?? ''} onChange={(e) => navigate(route, e.target.value)}>
        {wallets.map((wallet) => (
          <option key={wallet.id} value={wallet.id}>
            {walletNameText(wallet)} · {wallet.address}
          </option>
        ))}
      </select>
    </div>
  );
}
