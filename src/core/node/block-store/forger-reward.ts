import type { BlockHeader } from '../../protocol/blocks';
import { addBalance, type StateOverlay } from '../state';

/**
 * The generator's due (core-state block-state applyBlockToForger): reward + fees to its balance (so to the
 * vote weight of whoever it votes for), and its delegate counters and last block.
 */
export function applyForgerReward(state: StateOverlay, header: BlockHeader): void {
  const address = state.addressOf(header.generatorPublicKey);
  addBalance(state, address, header.reward + header.totalFee);
  const delegate = state.mutableWallet(address).delegate;
  if (!delegate)
    throw new Error(`state invariant: the generator ${header.generatorPublicKey} is not a delegate`);
  delegate.producedBlocks += 1;
  delegate.forgedFees += header.totalFee;
  delegate.forgedRewards += header.reward;
  if (header.id === undefined) throw new Error(`block ${header.height} has no id`);
  delegate.lastBlock = { id: header.id, height: header.height, timestamp: header.timestamp };
}

/** Undoes applyForgerReward; `previous` is the generator's block before this one (from the blocks table). */
export function revertForgerReward(
  state: StateOverlay,
  header: BlockHeader,
  previous: BlockHeader | undefined,
): void {
  const address = state.addressOf(header.generatorPublicKey);
  const delegate = state.mutableWallet(address).delegate;
  if (!delegate)
    throw new Error(`state invariant: the generator ${header.generatorPublicKey} is not a delegate`);
  delegate.producedBlocks -= 1;
  delegate.forgedFees -= header.totalFee;
  delegate.forgedRewards -= header.reward;
  if (previous?.id !== undefined) {
    delegate.lastBlock = { id: previous.id, height: previous.height, timestamp: previous.timestamp };
  } else {
    delete delegate.lastBlock;
  }
  addBalance(state, address, -(header.reward + header.totalFee));
}
