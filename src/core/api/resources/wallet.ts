/**
 * The wallet resource (ark-core-api.md §6.16): ARK 3.x's five fields, with everything else inside `attributes`,
 * ARK's attribute bag assembled from the wallet's row, its delegate row and its locks, IPFS hashes and entities.
 * Amounts are integer strings; a cold wallet has no `publicKey`; attributes ARK would not have are omitted.
 */
import type { ApiContext } from '../context';
import { extrasOf, walletExtras, type WalletExtras } from '../../db/read-model/wallet-extras';
import type { WalletRow } from '../../db/read-model/wallets';
import type { BlockRow } from '../../db/read-model/blocks';
import type { BusinessAttributes } from '../../domain';
import { blockIdHex } from '../../protocol/blocks';
import { rawBlock } from './block';

export interface WalletResource {
  address: string;
  publicKey?: string;
  balance: string;
  nonce: string;
  attributes: Record<string, unknown>;
}

function delegateAttribute(row: WalletRow, username: string, lastBlock?: BlockRow): Record<string, unknown> {
  const delegate: Record<string, unknown> = {
    username,
    voteBalance: (row.vote_balance ?? 0n).toString(),
    forgedFees: (row.forged_fees ?? 0n).toString(),
    forgedRewards: (row.forged_rewards ?? 0n).toString(),
    producedBlocks: Number(row.produced_blocks ?? 0n),
  };
  if (row.rank !== null) delegate.rank = Number(row.rank);
  if (row.round !== null) delegate.round = Number(row.round);
  if (row.resigned === 1n) delegate.resigned = true;
  if (lastBlock !== undefined) {
    // ARK Core's form while it runs: the block's whole header (its `block.data`, seen on ARK Core 3.9.1).
    const { id, previousBlock, ...header } = rawBlock(lastBlock);
    delegate.lastBlock = {
      ...header,
      ...(previousBlock === undefined ? {} : { previousBlockHex: blockIdHex(previousBlock), previousBlock }),
      idHex: blockIdHex(id),
      id,
    };
  } else if (
    row.last_block_id !== null &&
    row.last_block_height !== null &&
    row.last_block_timestamp !== null
  ) {
    // ARK's form after a restart: the block's id, height, generator and timestamp.
    delegate.lastBlock = {
      id: row.last_block_id,
      height: Number(row.last_block_height),
      generatorPublicKey: row.public_key,
      timestamp: Number(row.last_block_timestamp),
    };
  }
  return delegate;
}

/** ARK's `business` attribute (core-magistrate-transactions `interfaces.ts`): without Votary's kept `previousAssets`. */
function businessAttribute(stored: string): Record<string, unknown> {
  const { previousAssets: _previous, bridgechains, ...business } = JSON.parse(stored) as BusinessAttributes;
  if (bridgechains === undefined) return business;
  const chains = Object.entries(bridgechains).map(([id, { previousAssets: _kept, ...chain }]) => [id, chain]);
  return { ...business, bridgechains: Object.fromEntries(chains) as Record<string, unknown> };
}

export function walletAttributes(row: WalletRow, extras: WalletExtras): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (row.username !== null) attributes.delegate = delegateAttribute(row, row.username, extras.lastBlock);
  if (row.vote !== null) attributes.vote = row.vote;
  if (row.second_public_key !== null) attributes.secondPublicKey = row.second_public_key;
  if (row.multi_signature !== null) attributes.multiSignature = JSON.parse(row.multi_signature) as unknown;
  if (row.business !== null) attributes.business = businessAttribute(row.business);
  if (extras.locks) {
    const locks: Record<string, unknown> = {};
    for (const lock of extras.locks) {
      locks[lock.id] = {
        amount: lock.amount.toString(),
        recipientId: lock.recipientId,
        timestamp: lock.timestamp,
        ...(lock.vendorField === undefined ? {} : { vendorField: lock.vendorField }),
        secretHash: lock.secretHash,
        expiration: lock.expiration,
      };
    }
    attributes.htlc = { locks, lockedBalance: row.locked_balance.toString() };
  }
  if (extras.ipfsHashes.length > 0) {
    attributes.ipfs = { hashes: Object.fromEntries(extras.ipfsHashes.map((hash) => [hash, true])) };
  }
  if (extras.entities.length > 0) {
    attributes.entities = Object.fromEntries(
      extras.entities.map((entity) => [
        entity.id,
        {
          type: entity.type,
          subType: entity.subType,
          data: {
            name: entity.name,
            ...(entity.ipfsData === undefined ? {} : { ipfsData: entity.ipfsData }),
          },
          ...(entity.resigned ? { resigned: true } : {}),
        },
      ]),
    );
  }
  return attributes;
}

export function walletResource(row: WalletRow, extras: WalletExtras): WalletResource {
  return {
    address: row.address,
    ...(row.public_key === null ? {} : { publicKey: row.public_key }),
    balance: row.balance.toString(),
    nonce: row.nonce.toString(),
    attributes: walletAttributes(row, extras),
  };
}

/** A page of wallets in ARK's shape (their extra tables read in one go). */
export function walletResources(ctx: ApiContext, rows: readonly WalletRow[]): WalletResource[] {
  const extras = walletExtras(
    ctx,
    rows.map((row) => row.address),
  );
  return rows.map((row) => walletResource(row, extrasOf(extras, row.address)));
}
