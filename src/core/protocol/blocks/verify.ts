import { toHex } from '../hex';
import {
  milestoneAt,
  transactionRulesHeight,
  type ChainContext,
  type Milestone,
  type Network,
} from '../networks';
import { epochTimestamp } from '../time';
import {
  serializeTransaction,
  transactionId,
  verifyTransaction,
  type TransactionData,
} from '../transactions';
import type { Block } from './block';
import { headerSizeWithoutSignature } from './header';
import { payloadHash } from './payload';
import { verifyBlockSignature } from './sign';
import type { BlockHeader, BlockVerification } from './types';

export interface VerifyBlockOptions {
  /** Current unix time in ms for the future-timestamp rule; defaults to Date.now(). */
  now?: number;
}

function signatureLength(header: BlockHeader): number {
  return typeof header.blockSignature === 'string' ? Math.floor(header.blockSignature.length / 2) : 0;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Header-level rules of `Block.verify()` (protocol reference §6.2), in the reference's order. */
function headerErrors(header: BlockHeader, milestone: Milestone, network: Network, now: number): string[] {
  const errors: string[] = [];
  if (header.height !== 1 && !header.previousBlock) errors.push('Invalid previous block');
  const expectedReward = BigInt(milestone.reward);
  if (header.reward !== expectedReward) {
    errors.push(`Invalid block reward: ${header.reward} expected: ${milestone.reward}`);
  }
  if (!verifyBlockSignature(header, network)) errors.push('Failed to verify block signature');
  if (header.version !== milestone.block.version) errors.push('Invalid block version');
  if (header.timestamp > epochTimestamp(now, network) + milestone.blocktime) {
    errors.push('Invalid block timestamp');
  }
  return errors;
}

/** v1 timestamp window, applied only once acceptExpiredTransactionTimestamps is off (§6.2). */
function v1TimestampError(
  tx: TransactionData,
  id: string,
  header: BlockHeader,
  milestone: Milestone,
): string | null {
  if (tx.version !== 1 || milestone.block.acceptExpiredTransactionTimestamps === true) return null;
  const timestamp = tx.timestamp ?? 0;
  if (timestamp > header.timestamp + 3600 + milestone.blocktime) {
    return `Encountered future transaction: ${id}`;
  }
  if (header.timestamp - timestamp > 21600) return `Encountered expired transaction: ${id}`;
  return null;
}

function transactionErrors(block: Block, milestone: Milestone, network: Network): string[] {
  const { header, transactions } = block;
  const errors: string[] = [];
  const seen = new Set<string>();
  const ids: string[] = [];
  let totalAmount = 0n;
  let totalFee = 0n;
  for (const tx of transactions) {
    const id = tx.id ?? transactionId(tx);
    if (seen.has(id)) errors.push(`Encountered duplicate transaction: ${id}`);
    const expiration = tx.expiration ?? 0;
    if (expiration > 0 && expiration <= header.height) {
      const exempt = network.network.name === 'devnet' && milestone.ignoreExpiredTransactions === true;
      if (!exempt) errors.push(`Encountered expired transaction: ${id}`);
    }
    const windowError = v1TimestampError(tx, id, header, milestone);
    if (windowError) errors.push(windowError);
    seen.add(id);
    totalAmount += tx.amount;
    totalFee += tx.fee;
    ids.push(id);
  }
  if (totalAmount !== header.totalAmount) errors.push('Invalid total amount');
  if (totalFee !== header.totalFee) errors.push('Invalid total fee');
  if (payloadHash(ids) !== header.payloadHash) errors.push('Invalid payload hash');
  return errors;
}

/**
 * `Block.verify()` (protocol reference §6.2): reward, signature, version, future timestamp, size, every
 * transaction verified, counts, duplicates, expirations, totals and payload hash, with the reference's error
 * strings. Transactions are verified at the milestone of the block before (transactionRulesHeight). A multisig spend does not verify on its own (its
 * signatures need the wallet's multisig asset); it is reported and flagged in containsMultiSignatures, as the
 * reference does, for core to re-check.
 */
export function verifyBlock(
  block: Block,
  network: Network,
  options: VerifyBlockOptions = {},
): BlockVerification {
  const { header, transactions } = block;
  const result: BlockVerification = { verified: false, containsMultiSignatures: false, errors: [] };
  try {
    const milestone = milestoneAt(network, header.height);
    // Transactions verify at the milestone before the block's (networks `transactionRulesHeight`, ARK's configured
    // height while the block is processed); the block's own rules read its height.
    const ctx: ChainContext = { network, height: transactionRulesHeight(header.height) };
    result.errors.push(...headerErrors(header, milestone, network, options.now ?? Date.now()));

    const txBytes = block.transactionBytes ?? transactions.map((tx) => serializeTransaction(tx));
    let size = headerSizeWithoutSignature(header.height, network) + signatureLength(header);
    for (const bytes of txBytes) size += 4 + bytes.length;
    if (size > milestone.block.maxPayload) {
      result.errors.push(`Payload is too large: ${size} > ${milestone.block.maxPayload}`);
    }

    const invalid = transactions
      .map((tx, i) => ({ tx, i }))
      .filter(({ tx }) => !verifyTransaction(tx, ctx).verified);
    if (invalid.length > 0) {
      result.errors.push('One or more transactions are not verified:');
      for (const { i } of invalid) result.errors.push(`=> ${toHex(txBytes[i] ?? new Uint8Array())}`);
      result.containsMultiSignatures = invalid.some(({ tx }) => tx.signatures !== undefined);
    }
    if (transactions.length !== header.numberOfTransactions) {
      result.errors.push('Invalid number of transactions');
    }
    if (transactions.length > milestone.block.maxTransactions && header.height > 1) {
      result.errors.push('Transactions length is too high');
    }
    result.errors.push(...transactionErrors(block, milestone, network));
  } catch (error) {
    // The reference pushes whatever was thrown and reports the block unverified; so do we, as text.
    result.errors.push(errorText(error));
  }
  result.verified = result.errors.length === 0;
  return result;
}
