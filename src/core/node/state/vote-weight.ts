import type { StateOverlay } from './overlay';
import type { Wallet } from '../../domain';

/**
 * Balance changes that keep every delegate's voteBalance = Σ over its voters of (balance + lockedBalance)
 * exact at every step (ark-core-api.md §10.7): whenever a voter's balance or locked balance moves, its
 * delegate's vote balance moves by the same amount. Every handler changes balances only through these.
 */
export function addBalance(state: StateOverlay, address: string, delta: bigint): Wallet {
  const wallet = state.mutableWallet(address);
  wallet.balance += delta;
  if (wallet.vote !== undefined) addVoteBalance(state, wallet.vote, delta);
  return wallet;
}

export function addLockedBalance(state: StateOverlay, address: string, delta: bigint): Wallet {
  const wallet = state.mutableWallet(address);
  wallet.lockedBalance += delta;
  if (wallet.vote !== undefined) addVoteBalance(state, wallet.vote, delta);
  return wallet;
}

/** What a wallet's vote weighs: its balance plus its locked HTLC amounts. */
export function votingWeight(wallet: Readonly<Wallet>): bigint {
  return wallet.balance + wallet.lockedBalance;
}

/** Starts a vote: the wallet's whole weight moves onto the delegate. */
export function castVote(state: StateOverlay, address: string, delegatePublicKey: string): void {
  const wallet = state.mutableWallet(address);
  wallet.vote = delegatePublicKey;
  addVoteBalance(state, delegatePublicKey, votingWeight(wallet));
}

/** Ends a vote: the wallet's whole weight leaves the delegate. */
export function withdrawVote(state: StateOverlay, address: string, delegatePublicKey: string): void {
  const wallet = state.mutableWallet(address);
  if (wallet.vote !== delegatePublicKey) {
    throw new Error(`state invariant: ${address} does not vote for ${delegatePublicKey}`);
  }
  delete wallet.vote;
  addVoteBalance(state, delegatePublicKey, -votingWeight(wallet));
}

function addVoteBalance(state: StateOverlay, delegatePublicKey: string, delta: bigint): void {
  if (delta === 0n) return;
  const delegate = state.mutableWalletByPublicKey(delegatePublicKey).delegate;
  if (!delegate) throw new Error(`state invariant: vote for ${delegatePublicKey}, which is not a delegate`);
  delegate.voteBalance += delta;
}
