import type { TransactionData } from '../../protocol/transactions';
import { castVote, withdrawVote, type StateOverlay } from '../state';
import { senderAddress } from './common';
import { milestoneOf } from './context';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

interface VoteStep {
  add: boolean;
  publicKey: string;
}

function stepsOf(tx: TransactionData): VoteStep[] {
  const votes = tx.asset?.votes;
  if (!votes || votes.length === 0) throw new ApplyError('the vote has no asset.votes');
  return votes.map((vote) => ({ add: vote.startsWith('+'), publicKey: vote.slice(1).toLowerCase() }));
}

function apply(state: StateOverlay, address: string, step: VoteStep, forward: boolean): void {
  if (step.add === forward) castVote(state, address, step.publicKey);
  else withdrawVote(state, address, step.publicKey);
}

/**
 * Vote (Core 3): each entry in order, so ["-old", "+new"] is a switch (two entries need aip37). "+" needs no
 * current vote and a delegate that has not resigned; "-" must name the current vote (protocol.md §5).
 */
export const vote: TransactionHandler = {
  check(tx, state, ctx, sender) {
    const steps = stepsOf(tx);
    if (steps.length > 1 && milestoneOf(ctx).aip37 !== true) {
      throw new ApplyError('a vote switch (two votes in one transaction) needs aip37');
    }
    let current = sender.vote;
    for (const step of steps) {
      const delegate = state.walletByPublicKey(step.publicKey).delegate;
      if (!delegate) throw new ApplyError(`${step.publicKey} is not a delegate`);
      if (step.add) {
        if (current !== undefined) throw new ApplyError(`${sender.address} already votes for ${current}`);
        if (delegate.resigned) throw new ApplyError(`the delegate "${delegate.username}" has resigned`);
        current = step.publicKey;
      } else {
        if (current !== step.publicKey) {
          throw new ApplyError(
            `${sender.address} cannot unvote ${step.publicKey}: it votes for ${current ?? 'nobody'}`,
          );
        }
        current = undefined;
      }
    }
  },
  applyToSender(tx, state) {
    const address = senderAddress(tx, state);
    for (const step of stepsOf(tx)) apply(state, address, step, true);
  },
  revertForSender(tx, state) {
    const address = senderAddress(tx, state);
    for (const step of stepsOf(tx).reverse()) apply(state, address, step, false);
  },
};
