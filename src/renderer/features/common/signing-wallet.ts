/**
 * The wallet that signs on a form (Send, Vote, Locks, Delegate) is chosen on that form, never taken silently from
 * the last wallet page opened: with more than one wallet that can sign, none is until the person picks one; with
 * exactly one there is nothing to choose. Watch-only wallets cannot sign and are never offered.
 */
import { useShallow } from 'zustand/react/shallow';
import type { WalletView } from '../../../shared/domain/wallets';
import { useVotary } from '../../store';
import { signingWallets } from '../../store/wallets-slice';

/** The person's choice among the wallets that can sign, or the only one; undefined when a choice is still due. */
export function signerOf(
  wallets: readonly WalletView[],
  chosenId: string | undefined,
): WalletView | undefined {
  const signing = wallets.filter((wallet) => wallet.kind !== 'watch');
  return signing.find((wallet) => wallet.id === chosenId) ?? (signing.length === 1 ? signing[0] : undefined);
}

/** What a form needs to say which wallet signs: the wallets offered, the one signing, and how to choose. */
export interface SigningWallet {
  wallets: WalletView[];
  wallet: WalletView | undefined;
  choose: (walletId: string) => void;
}

export function useSigningWallet(): SigningWallet {
  const wallets = useVotary(useShallow(signingWallets));
  // The store keeps the choice of the form on screen (app-slice.ts `signingChoice`): it outlasts the lock gate.
  const chosenId = useVotary((state) =>
    state.signingChoice?.route === state.route ? state.signingChoice.walletId : undefined,
  );
  const choose = useVotary((state) => state.chooseSigner);
  return { wallets, wallet: signerOf(wallets, chosenId), choose };
}

/** The sentence a form shows when it is submitted before a wallet was chosen. */
export const CHOOSE_WALLET = 'Choose the wallet that signs.';
