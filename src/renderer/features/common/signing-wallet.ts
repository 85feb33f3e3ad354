/**
 * The wallet that signs on a form (Send, Vote, Locks, Delegate) is chosen on that form, never taken silently from
 * the last wallet page opened: with more than one wallet that can sign, none is until the person picks one; with
 * exactly one there is nothing to choose. Watch-only wallets cannot sign and are never offered. A Ledger wallet is
 * offered only for what ARK's Ledger app signs (shared/domain/ledger-signable.ts, the table core/ledger refuses by);
 * for anything else it is left out with the sentence saying why.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ledgerRefusal, type SigningPurpose } from '../../../shared/domain/ledger-signable';
import type { WalletView } from '../../../shared/domain/wallets';
import { useVotary } from '../../store';
import { signingWallets } from '../../store/wallets-slice';

/** A wallet that holds a key but cannot sign this purpose, and why. */
export interface RefusedSigner {
  wallet: WalletView;
  reason: string;
}

/** The wallets that can sign `purpose`, and those with a key that cannot (Ledger wallets), with the reason. */
export function signersFor(
  wallets: readonly WalletView[],
  purpose: SigningPurpose,
): { offered: WalletView[]; refused: RefusedSigner[] } {
  const offered: WalletView[] = [];
  const refused: RefusedSigner[] = [];
  for (const wallet of wallets) {
    if (wallet.kind === 'watch') continue;
    const reason = wallet.kind === 'ledger' ? ledgerRefusal(purpose) : undefined;
    if (reason === undefined) offered.push(wallet);
    else refused.push({ wallet, reason });
  }
  return { offered, refused };
}

/** The person's choice among the wallets that can sign, or the only one; undefined when a choice is still due. */
export function signerOf(
  wallets: readonly WalletView[],
  chosenId: string | undefined,
  purpose: SigningPurpose,
): WalletView | undefined {
  const signing = signersFor(wallets, purpose).offered;
  return signing.find((wallet) => wallet.id === chosenId) ?? (signing.length === 1 ? signing[0] : undefined);
}

/** What a form needs to say which wallet signs: the wallets offered, the one signing, and how to choose. */
export interface SigningWallet {
  wallets: WalletView[];
  /** Wallets with a key left out for this purpose (a Ledger wallet for a kind its app does not sign). */
  refused: RefusedSigner[];
  wallet: WalletView | undefined;
  choose: (walletId: string) => void;
}

export function useSigningWallet(purpose: SigningPurpose): SigningWallet {
  const all = useVotary(useShallow(signingWallets));
  const { offered: wallets, refused } = useMemo(() => signersFor(all, purpose), [all, purpose]);
  // The store keeps the choice of the form on screen (app-slice.ts `signingChoice`): it outlasts the lock gate.
  const chosenId = useVotary((state) =>
    state.signingChoice?.route === state.route ? state.signingChoice.walletId : undefined,
  );
  const choose = useVotary((state) => state.chooseSigner);
  return { wallets, refused, wallet: signerOf(wallets, chosenId, purpose), choose };
}

/** The sentence a form shows when it is submitted before a wallet was chosen. */
export const CHOOSE_WALLET = 'Choose the wallet that signs.';
