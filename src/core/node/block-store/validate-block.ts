import { validateChaining, verifyBlock, type Block, type BlockHeader } from '../../protocol/blocks';
import { transactionRulesHeight, type Network } from '../../protocol/networks';
import { forgingInfo } from '../../protocol/rounds';
import { verifyTransaction, type TransactionData } from '../../protocol/transactions';
import { BlockRejectedError, type BlockRejectionCode } from './errors';

const NOT_VERIFIED = 'One or more transactions are not verified:';

/** Which code a `Block.verify()` error string (protocol.md §6.2) maps to. */
function codeOf(error: string): BlockRejectionCode {
  if (error === 'Failed to verify block signature') return 'ERR_BLOCK_SIGNATURE';
  if (error.startsWith('Invalid block reward')) return 'ERR_BLOCK_REWARD';
  if (error === 'Invalid block timestamp') return 'ERR_BLOCK_TIMESTAMP';
  if (error === 'Invalid block version') return 'ERR_BLOCK_VERSION';
  if (error === NOT_VERIFIED || error.startsWith('=> ') || error.startsWith('Encountered'))
    return 'ERR_BLOCK_TX';
  if (
    error.startsWith('Invalid payload hash') ||
    error.startsWith('Invalid total') ||
    error.startsWith('Invalid number of transactions') ||
    error.startsWith('Payload is too large') ||
    error.startsWith('Transactions length is too high')
  ) {
    return 'ERR_BLOCK_PAYLOAD';
  }
  return 'ERR_BLOCK_INVALID';
}

/** A multisignature spend carries participant signatures and no sender signature: it verifies against state. */
function isMultiSignatureSpend(tx: TransactionData): boolean {
  return tx.signature === undefined && tx.signatures !== undefined && tx.signatures.length > 0;
}

/**
 * `Block.verify()` plus what it leaves to core: the payload length, and multisignature spends, which it reports
 * unverified because their signatures are checked against the sender wallet's asset (checkTransaction does).
 */
export function checkBlockIntegrity(block: Block, network: Network, now: number): void {
  const result = verifyBlock(block, network, { now });
  let errors = result.errors;
  if (!result.verified && result.containsMultiSignatures) {
    const ctx = { network, height: transactionRulesHeight(block.header.height) };
    const spends = block.transactions.filter(isMultiSignatureSpend);
    const reported = errors.filter((error) => error.startsWith('=> ')).length;
    // Only when every unverified transaction is a multisignature spend that passes its type gate.
    const onlySpends =
      reported === spends.length &&
      spends.every((tx) => verifyTransaction(tx, ctx).code === 'ERR_NO_SENDER_SIGNATURE');
    if (onlySpends) errors = errors.filter((error) => error !== NOT_VERIFIED && !error.startsWith('=> '));
  }
  const expectedLength = 32 * block.header.numberOfTransactions;
  if (block.header.payloadLength !== expectedLength) {
    errors = [...errors, `Invalid payload length: ${block.header.payloadLength} expected: ${expectedLength}`];
  }
  const first = errors[0];
  if (first !== undefined) {
    const code = first.startsWith('Invalid payload length') ? 'ERR_BLOCK_PAYLOAD' : codeOf(first);
    throw new BlockRejectedError(
      code,
      `block ${block.header.height} is invalid: ${errors.join('; ')}`,
      errors,
    );
  }
}

/** Core's chaining rule: previous id, height + 1, a later slot (protocol.md §6.2). */
export function checkChaining(header: BlockHeader, last: BlockHeader, network: Network): void {
  const errors = validateChaining(header, last, network);
  if (errors.length > 0) {
    throw new BlockRejectedError(
      'ERR_BLOCK_CHAIN',
      `block ${header.height} does not follow block ${last.height}: ${errors.join('; ')}`,
      errors,
    );
  }
}

/** The generator must be the round delegate that owns the block's slot (protocol.md §7). */
export function checkSlotOwner(
  header: BlockHeader,
  roundDelegates: readonly string[],
  network: Network,
): void {
  const info = forgingInfo(header.timestamp, header.height, roundDelegates, network);
  if (info.currentForgerPublicKey !== header.generatorPublicKey) {
    throw new BlockRejectedError(
      'ERR_BLOCK_SLOT',
      `block ${header.height} at timestamp ${header.timestamp} was forged by ${header.generatorPublicKey}, ` +
        `but the slot belongs to ${info.currentForgerPublicKey ?? 'no delegate'} (forger index ${info.currentForger})`,
    );
  }
}
