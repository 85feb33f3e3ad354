import type { Network } from '../networks';
import { slotInfo, type BlockTimestampLookup } from '../time';
import type { BlockHeader } from './types';

type ChainedFields = Pick<BlockHeader, 'id' | 'height' | 'timestamp' | 'previousBlock'>;

/**
 * Core's chaining rule (core-kernel `isBlockChained`, protocol reference §6.2): previousBlock == previous.id,
 * height == previous.height + 1 and slot(block) > slot(previous). Returns one message per failed rule (empty
 * when chained); the wording follows core's `getBlockNotChainedErrorMessage` details.
 */
export function validateChaining(
  block: ChainedFields,
  previous: ChainedFields,
  network: Network,
  blockTimestamp?: BlockTimestampLookup,
): string[] {
  const errors: string[] = [];
  if (previous.id === undefined || block.previousBlock !== previous.id) {
    errors.push(
      `previous block id mismatch: ${block.previousBlock ?? '(none)'} VS ${previous.id ?? '(none)'}`,
    );
  }
  if (block.height !== previous.height + 1) {
    errors.push(`height is not plus one: ${block.height} VS ${previous.height}`);
  }
  const previousSlot = slotInfo(previous.timestamp, network, block.height, blockTimestamp).slotNumber;
  const nextSlot = slotInfo(block.timestamp, network, block.height, blockTimestamp).slotNumber;
  if (!(previousSlot < nextSlot)) {
    errors.push(
      `previous slot is not smaller: ${previousSlot} (derived from timestamp ${previous.timestamp}) VS ` +
        `${nextSlot} (derived from timestamp ${block.timestamp})`,
    );
  }
  return errors;
}
