import type { RoundSlot } from '../../db/repositories';
import { rankDelegates, shuffleDelegates } from '../../protocol/rounds';
import type { StateOverlay, Wallet } from '../state';

export interface RoundSelection {
  round: number;
  /** The active delegates in forging (shuffled) order: the rounds table. */
  forgers: RoundSlot[];
  /** Every non-resigned delegate in rank order: round_ranks. */
  ranking: RoundSlot[];
}

type DelegateWallet = Readonly<Wallet> & { publicKey: string; delegate: NonNullable<Wallet['delegate']> };

function delegateWallets(state: StateOverlay): DelegateWallet[] {
  return state
    .delegates()
    .filter(
      (wallet): wallet is DelegateWallet => wallet.delegate !== undefined && wallet.publicKey !== undefined,
    );
}

/**
 * A round start (ark-core-api.md §10.2, protocol.md §7): rank the non-resigned delegates by vote balance
 * (desc) then public key (asc); every ranked delegate gets its rank, resigned ones lose theirs; the top
 * activeDelegates, shuffled with the round number, are the round's forgers and get `round`.
 */
export function selectRound(state: StateOverlay, round: number, activeDelegates: number): RoundSelection {
  const wallets = delegateWallets(state);
  const ranked = rankDelegates(
    wallets.map((wallet) => ({
      publicKey: wallet.publicKey,
      voteBalance: wallet.delegate.voteBalance,
      resigned: wallet.delegate.resigned,
      address: wallet.address,
    })),
    wallets.length,
  );
  if (ranked.length < activeDelegates) {
    throw new Error(
      `round ${round} needs ${activeDelegates} delegates that have not resigned, there are ${ranked.length}`,
    );
  }
  const rankOf = new Map(ranked.map((entry, index) => [entry.publicKey, index + 1]));
  for (const wallet of wallets) setRank(state, wallet, rankOf.get(wallet.publicKey));
  const top = ranked.slice(0, activeDelegates);
  for (const entry of top) {
    const delegate = state.mutableWallet(entry.address).delegate;
    if (delegate) delegate.round = round;
  }
  const slot = (entry: { publicKey: string; voteBalance: bigint }): RoundSlot => ({
    publicKey: entry.publicKey,
    voteBalance: entry.voteBalance,
  });
  return { round, forgers: shuffleDelegates(top, round).map(slot), ranking: ranked.map(slot) };
}

/**
 * Undoes a round start: ranks go back to the previous round's ranking, and the forgers of the undone round get
 * back the last round they forged in before it.
 */
export function restoreRound(
  state: StateOverlay,
  previousRanking: readonly RoundSlot[],
  undoneForgers: readonly RoundSlot[],
  lastActiveRound: (publicKey: string) => number | undefined,
): void {
  const rankOf = new Map(previousRanking.map((slot, index) => [slot.publicKey, index + 1]));
  for (const wallet of delegateWallets(state)) setRank(state, wallet, rankOf.get(wallet.publicKey));
  for (const slot of undoneForgers) {
    const delegate = state.mutableWalletByPublicKey(slot.publicKey).delegate;
    if (!delegate) continue;
    // Never active before: back to the 0 it was registered with (transaction-handlers/delegate-registration.ts).
    delegate.round = lastActiveRound(slot.publicKey) ?? 0;
  }
}

function setRank(state: StateOverlay, wallet: DelegateWallet, rank: number | undefined): void {
  if (wallet.delegate.rank === rank) return;
  const delegate = state.mutableWallet(wallet.address).delegate;
  if (!delegate) return;
  if (rank === undefined) delete delegate.rank;
  else delegate.rank = rank;
}
