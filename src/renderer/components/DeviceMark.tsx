/**
 * The mark beside a Ledger wallet's name wherever a wallet is shown: a small device icon and the word "Ledger", so
 * the mark is read out as well as seen (the icon itself is hidden from assistive technology). Nothing for the other
 * kinds. `DEVICE_MARK_TEXT` is the same mark where markup cannot go (an <option>'s text).
 */
import type { WalletView } from '../../shared/domain/wallets';

export const DEVICE_MARK_TEXT = ' (Ledger)';

export function DeviceMark({ wallet }: { wallet: Pick<WalletView, 'kind'> }) {
  if (wallet.kind !== 'ledger') return null;
  return (
    <span className="badge device-mark" title="Its key is on a Ledger device" data-testid="device-mark">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <rect x="1.5" y="4.5" width="13" height="7" rx="1.5" fill="none" stroke="currentColor" />
        <rect x="9" y="6.5" width="3.5" height="3" rx="0.5" fill="currentColor" />
      </svg>
      Ledger
    </span>
  );
}

/** A wallet's name as an <option> or other plain text shows it, with the device mark's words for a Ledger wallet. */
export function walletNameText(wallet: Pick<WalletView, 'kind' | 'name'>): string {
  return wallet.kind === 'ledger' ? `${wallet.name}${DEVICE_MARK_TEXT}` : wallet.name;
}
