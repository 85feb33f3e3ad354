/**
 * From the client's answers (amounts as bigint, ARK shapes) to the screens' DTOs (amounts as decimal strings,
 * only the fields the screens read) — the one place where bigints become strings (docs/design/architecture.md
 * "Contracts").
 */
import type {
  BlockRecord,
  DelegateRecord,
  LockRecord,
  Page,
  TransactionRecord,
  WalletRecord,
} from '../../client';
import { paymentsAsset } from '../../client';
import { CoreType, TypeGroup, typeName, type TransactionData } from '../../protocol/transactions';
import type { Network } from '../../protocol/networks';
import { unixSecondsFromEpoch } from '../../protocol/time';
import { addressFromPublicKey, isValidPublicKey } from '../../protocol/crypto';
import {
  transactionKind,
  type BlockView,
  type ChainWallet,
  type DelegateView,
  type LockView,
  type TransactionKind,
  type TransactionView,
} from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';

const str = (value: bigint): string => value.toString();

/** ARK pages carry counts; the screens also want the page number and size they asked for. */
export function pageOfViews<T, V>(
  page: Page<T>,
  at: { page: number; limit: number },
  map: (item: T) => V,
): PageView<V> {
  return {
    meta: {
      page: at.page,
      limit: at.limit,
      count: page.meta.count,
      totalCount: page.meta.totalCount,
      pageCount: page.meta.pageCount,
    },
    data: page.data.map(map),
  };
}

export function kindOf(typeGroup: number, type: number): TransactionKind {
  // Only Core types have their own kind; magistrate and unknown types show as "other".
  const parsed = transactionKind.safeParse(
    typeGroup === TypeGroup.Core ? typeName(typeGroup, type) : undefined,
  );
  return parsed.success ? parsed.data : 'other';
}

/** The empty wallet ARK would describe for an address it has never seen (its 404). */
export function coldWallet(address: string): ChainWallet {
  return { address, known: false, balance: '0', nonce: '0', lockedBalance: '0' };
}

export function walletView(wallet: WalletRecord): ChainWallet {
  const attributes = wallet.attributes;
  const delegate = attributes.delegate;
  return {
    address: wallet.address,
    known: true,
    ...(wallet.publicKey === undefined ? {} : { publicKey: wallet.publicKey }),
    balance: str(wallet.balance),
    nonce: str(wallet.nonce),
    lockedBalance: str(attributes.htlc?.lockedBalance ?? 0n),
    ...(attributes.vote === undefined ? {} : { vote: attributes.vote }),
    ...(attributes.secondPublicKey === undefined ? {} : { secondPublicKey: attributes.secondPublicKey }),
    ...(attributes.multiSignature === undefined
      ? {}
      : {
          multiSignature: {
            min: attributes.multiSignature.min,
            publicKeys: attributes.multiSignature.publicKeys ?? [],
          },
        }),
    ...(delegate === undefined
      ? {}
      : {
          delegate: {
            username: delegate.username,
            votes: str(delegate.voteBalance ?? 0n),
            ...(delegate.rank === undefined ? {} : { rank: delegate.rank }),
            resigned: delegate.resigned === true,
            producedBlocks: delegate.producedBlocks ?? 0,
            forgedFees: str(delegate.forgedFees ?? 0n),
            forgedRewards: str(delegate.forgedRewards ?? 0n),
          },
        }),
  };
}

/** A JSON object read from a loosely checked node answer (an asset), or undefined for anything else. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A string read from a loosely checked node answer, or undefined for anything else. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The asset parts the screens show, read defensively: the client checks only the parts computed with
 * (client/schemas/assets.ts).
 */
function assetSummary(tx: TransactionRecord): Partial<TransactionView> {
  const asset = record(tx.asset);
  if (asset === undefined) return {};
  const out: Partial<TransactionView> = {};
  if (Array.isArray(asset['votes'])) out.votes = asset['votes'].filter((v) => typeof v === 'string');
  // The client's own check (client/schemas/assets.ts): a remote node's payments passed it already, and an amount
  // that is not a short integer never reaches BigInt.
  const payments = paymentsAsset.safeParse(asset['payments']);
  if (payments.success) {
    out.payments = payments.data.map((p) => ({
      recipientId: p.recipientId,
      amount: BigInt(p.amount).toString(),
    }));
  }
  const username = text(record(asset['delegate'])?.['username']);
  if (username !== undefined) out.delegateUsername = username;
  const lock = record(asset['lock']);
  const expiration = record(lock?.['expiration']);
  const secretHash = text(lock?.['secretHash']);
  if (secretHash !== undefined && typeof expiration?.['value'] === 'number') {
    out.lock = {
      secretHash,
      expirationType: expiration['type'] === 2 ? 'height' : 'time',
      expirationValue: expiration['value'],
    };
  }
  const lockId =
    text(record(asset['claim'])?.['lockTransactionId']) ??
    text(record(asset['refund'])?.['lockTransactionId']);
  if (lockId !== undefined) out.lockId = lockId;
  return out;
}

export function transactionView(tx: TransactionRecord, forAddress?: string): TransactionView {
  const view: TransactionView = {
    id: tx.id,
    ...(tx.blockId === undefined ? {} : { blockId: tx.blockId }),
    type: tx.type,
    typeGroup: tx.typeGroup,
    kind: kindOf(tx.typeGroup, tx.type),
    amount: str(tx.amount),
    fee: str(tx.fee),
    sender: tx.sender,
    senderPublicKey: tx.senderPublicKey,
    recipient: tx.recipient,
    ...(tx.vendorField === undefined ? {} : { memo: tx.vendorField }),
    confirmations: tx.confirmations,
    ...(tx.timestamp === undefined ? {} : { timestamp: tx.timestamp }),
    ...(tx.nonce === undefined ? {} : { nonce: str(tx.nonce) }),
    ...assetSummary(tx),
  };
  if (forAddress !== undefined) {
    const sent = tx.sender === forAddress;
    const received =
      tx.recipient === forAddress || (view.payments ?? []).some((p) => p.recipientId === forAddress);
    view.direction = sent && received ? 'self' : sent ? 'sent' : 'received';
  }
  return view;
}

/**
 * A delegate as the screens show it. The address is derived here from the public key, never taken from the node:
 * a vote signs the key (the vote asset, protocol reference §4.2), so the address beside a Vote button is the one
 * of the key it votes for, whatever the node pairs with it (docs/design/ui.md "Review before every signature").
 * Only for a key that is a curve point (chain-reads.ts leaves the others out).
 */
export function delegateView(delegate: DelegateRecord, network: Network): DelegateView {
  return {
    username: delegate.username,
    address: addressFromPublicKey(delegate.publicKey, network.network.pubKeyHash),
    publicKey: delegate.publicKey,
    votes: str(delegate.votes),
    ...(delegate.rank === undefined ? {} : { rank: delegate.rank }),
    isResigned: delegate.isResigned,
    producedBlocks: delegate.blocks.produced,
    ...(delegate.blocks.last === undefined ? {} : { lastBlockHeight: delegate.blocks.last.height }),
    approval: delegate.production.approval,
    forgedTotal: str(delegate.forged.total),
  };
}

export function lockView(lock: LockRecord, network: Network): LockView {
  const byTime = lock.expirationType !== 2;
  return {
    lockId: lock.lockId,
    senderPublicKey: lock.senderPublicKey,
    // People know wallets by address; a key the node sent malformed gets none rather than a wrong one.
    ...(isValidPublicKey(lock.senderPublicKey)
      ? { senderAddress: addressFromPublicKey(lock.senderPublicKey, network.network.pubKeyHash) }
      : {}),
    recipientId: lock.recipientId,
    amount: str(lock.amount),
    secretHash: lock.secretHash,
    isExpired: lock.isExpired,
    expirationType: byTime ? 'time' : 'height',
    expirationValue: lock.expirationValue,
    ...(byTime ? { expiresAtUnix: unixSecondsFromEpoch(lock.expirationValue, network) } : {}),
    timestamp: lock.timestamp,
    ...(lock.vendorField === undefined ? {} : { memo: lock.vendorField }),
  };
}

export function blockView(block: BlockRecord): BlockView {
  return {
    id: block.id,
    height: block.height,
    generator: {
      ...(block.generator.username === undefined ? {} : { username: block.generator.username }),
      address: block.generator.address,
      publicKey: block.generator.publicKey,
    },
    transactions: block.transactions,
    reward: str(block.forged.reward),
    fee: str(block.forged.fee),
    amount: str(block.forged.amount),
    confirmations: block.confirmations,
    timestamp: block.timestamp,
  };
}

/** The recipient a signed transaction pays (transfer, HTLC lock), or undefined. */
export function recipientOf(tx: TransactionData): string | undefined {
  if (tx.typeGroup !== TypeGroup.Core) return undefined;
  return tx.type === CoreType.Transfer || tx.type === CoreType.HtlcLock ? tx.recipientId : undefined;
}
