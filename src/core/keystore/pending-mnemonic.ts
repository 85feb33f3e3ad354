/**
 * The confirmation step of a new 24-word wallet: the phrase is shown once, and the wallet is stored
 * only after the person types back the words at three randomly chosen positions — proof they wrote it down.
 * Pending phrases live in memory only, in the unlocked session, and vanish on lock.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { generateMnemonic } from '../protocol/crypto';
import type { Network } from '../protocol/networks';

export const CONFIRM_WORD_COUNT = 3;

export interface PendingMnemonic {
  id: string;
  mnemonic: string;
  name: string | undefined;
  network: Network;
  /** 1-based word positions to confirm, ascending. */
  positions: number[];
}

/** What create returns, once: the phrase to display and the positions the person must confirm. */
export interface NewMnemonicWallet {
  pendingId: string;
  mnemonic: string;
  words: string[];
  /** 1-based positions, ascending. */
  confirmPositions: number[];
  /** The address the wallet will have, so the person can see it before confirming. */
  address: string;
}

/** `count` distinct positions in 1..wordCount from the OS CSPRNG, ascending. */
export function choosePositions(wordCount: number, count = CONFIRM_WORD_COUNT): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(randomInt(1, wordCount + 1));
  return [...chosen].sort((a, b) => a - b);
}

export function newPendingMnemonic(network: Network, name: string | undefined): PendingMnemonic {
  const mnemonic = generateMnemonic(24);
  return {
    id: randomUUID(),
    mnemonic,
    name,
    network,
    positions: choosePositions(mnemonic.split(' ').length),
  };
}

function sameWord(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `words[i]` is the mnemonic's word at `positions[i]` for every i (case and spaces forgiven). */
export function confirmsMnemonic(pending: PendingMnemonic, words: readonly string[]): boolean {
  if (!Array.isArray(words) || words.length !== pending.positions.length) return false;
  const all = pending.mnemonic.split(' ');
  return pending.positions.every((position, i) => {
    const given: unknown = words[i];
    return typeof given === 'string' && sameWord(all[position - 1] ?? '', given);
  });
}
