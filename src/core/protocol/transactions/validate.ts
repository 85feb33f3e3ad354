import type { z } from 'zod';
import { decodeAddress } from '../crypto';
import { ProtocolError } from '../errors';
import { utf8Bytes } from '../hash';
import { contextMilestone, type ChainContext } from '../networks';
import { CoreType, DEFAULT_MULTI_PAYMENT_LIMIT, TypeGroup, internalTypeLabel } from './constants';
import { typeRules } from './schemas';
import type { TransactionData } from './types';

export interface ValidateOptions {
  /**
   * true (default): the data must be signed — an id plus a signature or multisignatures, as the reference's
   * signed schemas require. false: a draft about to be signed.
   */
  signed?: boolean;
  /** Genesis transactions are exempt from the amount and fee minimums (§5 "Genesis transactions are exempt"). */
  genesis?: boolean;
}

/**
 * The crypto-level validation of protocol reference §5: the per-type schema, then the rules that depend on
 * the chain context (network byte, vendorField length, multipayment limit, recipient network bytes). Failures
 * are ProtocolErrors naming the field, e.g. `data.asset.delegate.username: …`: ERR_SCHEMA, or ERR_NETWORK for
 * a recipient address of another network (the reference's AddressNetworkError).
 */
export function validateTransaction(
  tx: TransactionData,
  ctx: ChainContext,
  options: ValidateOptions = {},
): void {
  if (typeof tx !== 'object' || tx === null) throw schemaError('data', 'must be an object');
  const rules = typeRules(tx.typeGroup, tx.type, tx.version);
  if (!rules) {
    throw new ProtocolError(
      'ERR_UNKNOWN_TYPE',
      `Unknown transaction type: ${internalTypeLabel(tx.typeGroup, tx.type)}`,
    );
  }
  if (rules.accepts?.(tx as unknown as Record<string, unknown>) !== true) {
    const parsed = rules.schema.safeParse(tx);
    if (!parsed.success) throw issueError(parsed.error.issues[0]);
  }

  const pubKeyHash = ctx.network.network.pubKeyHash;
  if (tx.network !== pubKeyHash) {
    throw schemaError('data.network', `must be the network's pubKeyHash ${pubKeyHash}, got ${tx.network}`);
  }
  if (tx.version === 1) {
    if (tx.timestamp === undefined) throw schemaError('data.timestamp', 'is required in version 1');
    if (tx.nonce !== 0n) throw schemaError('data.nonce', 'does not exist in version 1 (must be 0)');
  } else if (tx.timestamp !== undefined) {
    throw schemaError('data.timestamp', 'does not exist in version 2');
  }
  if (tx.version === 1 && tx.typeGroup !== TypeGroup.Core) {
    throw schemaError('data.typeGroup', 'a version 1 transaction is always Core (1)');
  }

  if (!options.genesis) checkMinimums(tx, rules.amount, rules.fee);
  else if (rules.fee === 'zero' && tx.fee !== 0n) throw schemaError('data.fee', 'must be 0');

  const milestone = contextMilestone(ctx);
  if (tx.vendorField !== undefined) {
    const length = utf8Bytes(tx.vendorField).length;
    if (length > milestone.vendorFieldLength) {
      throw schemaError(
        'data.vendorField',
        `is ${length} UTF-8 bytes, the maximum at this height is ${milestone.vendorFieldLength}`,
      );
    }
  }

  const payments = tx.asset?.payments;
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.MultiPayment && payments) {
    const limit = milestone.multiPaymentLimit ?? DEFAULT_MULTI_PAYMENT_LIMIT;
    if (payments.length > limit) {
      throw schemaError(
        'data.asset.payments',
        `Number of payments exceeded the allowed maximum of ${limit}.`,
      );
    }
  }

  // ARK raises AddressNetworkError only while it computes a version 2 id (crypto `transactions/utils.ts` getId,
  // from the type's own serializer); a version 1 id comes from getBytesV1 (crypto `transactions/serializer.ts`),
  // which writes `Address.toBuffer(recipientId).addressBuffer` and drops its addressError, and the schema's
  // `address` is 34 Base58 characters of any network. So ARK applies a version 1 transfer to another network's
  // address (tests/vectors/v1-foreign-recipient.test.ts).
  checkRecipientNetworks(tx, tx.version === 1 ? undefined : pubKeyHash);
  if (options.signed !== false) checkSigned(tx);
}

function checkMinimums(
  tx: TransactionData,
  amount: 'zero' | 'positive',
  fee: 'positive' | 'zero' | 'any',
): void {
  if (amount === 'zero' && tx.amount !== 0n) throw schemaError('data.amount', 'must be 0 for this type');
  if (amount === 'positive' && tx.amount < 1n) throw schemaError('data.amount', 'must be at least 1');
  if (fee === 'zero' && tx.fee !== 0n) throw schemaError('data.fee', 'must be 0 for this type');
  if (fee === 'positive' && tx.fee < 1n) throw schemaError('data.fee', 'must be at least 1');
}

/**
 * Every recipient must be a Base58Check address and, when `pubKeyHash` is given, carry that network byte
 * (AddressNetworkError of the reference, §2).
 */
function checkRecipientNetworks(tx: TransactionData, pubKeyHash: number | undefined): void {
  const check = (address: string, path: string) => {
    let version: number;
    try {
      version = decodeAddress(address).version;
    } catch {
      throw schemaError(path, 'is not a valid Base58Check address');
    }
    if (pubKeyHash !== undefined && version !== pubKeyHash) {
      throw new ProtocolError(
        'ERR_NETWORK',
        `${path}: Expected address network byte ${pubKeyHash}, but got ${version}.`,
      );
    }
  };
  if (tx.recipientId !== undefined) check(tx.recipientId, 'data.recipientId');
  tx.asset?.payments?.forEach((payment, i) =>
    check(payment.recipientId, `data.asset.payments[${i}].recipientId`),
  );
}

function checkSigned(tx: TransactionData): void {
  if (tx.id === undefined) throw schemaError('data.id', 'is required');
  if (tx.signature === undefined && tx.signatures === undefined) {
    throw schemaError('data', "should have required property 'signature' or 'signatures'");
  }
  const multiSignature =
    tx.typeGroup === TypeGroup.Core && tx.version === 2 ? tx.asset?.multiSignature : undefined;
  if (tx.type === CoreType.MultiSignature && multiSignature) {
    const count = tx.signatures?.length ?? 0;
    if (count < multiSignature.min || count > multiSignature.publicKeys.length) {
      throw schemaError(
        'data.signatures',
        `a multisignature registration needs between ${multiSignature.min} and ${multiSignature.publicKeys.length} participant signatures, got ${count}`,
      );
    }
  }
}

export function schemaError(path: string, message: string): ProtocolError {
  return new ProtocolError('ERR_SCHEMA', `${path}: ${message}`);
}

/** `data.asset.payments[1].amount: …` from a zod issue. */
export function issuePath(path: readonly PropertyKey[], root = 'data'): string {
  let out = root;
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return out;
}

function issueError(issue: z.core.$ZodIssue | undefined): ProtocolError {
  if (!issue) return schemaError('data', 'is invalid');
  return schemaError(issuePath(issue.path), issue.message);
}
