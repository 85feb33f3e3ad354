/**
 * Wallets (ark-core-api.md §6.6, §6.16): the chain state's wallets from the read model, and ARK's record — five
 * fields with everything else in `attributes`, ARK's bag assembled from the wallet, its delegate, and its open
 * locks, IPFS hashes and entities (their own tables). Attributes ARK would not have are omitted.
 */
import type { Wallet } from '../domain';
import type {
  BusinessAttributes,
  WalletAttributesRecord,
  WalletBusinessAttribute,
  WalletDelegateAttribute,
  WalletRecord,
} from '../domain';
import type { ListRequest } from '../db/read-model/list-request';
import type { PageRows } from '../db/read-model/sql/page-query';
import { extrasOf, walletExtras, type WalletExtras } from '../db/read-model/wallet-extras';
import { findWallet, listWallets, type WalletScope } from '../db/read-model/wallets';
import { blockIdHex } from '../protocol/blocks';
import type { QueryContext } from './context';
import { rawBlock } from './raw';

export type { WalletScope };

function delegateAttribute(wallet: Wallet, extras: WalletExtras): WalletDelegateAttribute | undefined {
  const delegate = wallet.delegate;
  if (delegate === undefined) return undefined;
  const attribute: WalletDelegateAttribute = {
    username: delegate.username,
    voteBalance: delegate.voteBalance,
    forgedFees: delegate.forgedFees,
    forgedRewards: delegate.forgedRewards,
    producedBlocks: delegate.producedBlocks,
  };
  if (delegate.rank !== undefined) attribute.rank = delegate.rank;
  if (delegate.round !== undefined) attribute.round = delegate.round;
  if (delegate.resigned) attribute.resigned = true;
  if (extras.lastBlock !== undefined) {
    // ARK Core's form while it runs: the block's whole header (its `block.data`, seen on ARK Core 3.9.1).
    const { id, previousBlock, ...header } = rawBlock(extras.lastBlock);
    attribute.lastBlock = {
      ...header,
      ...(previousBlock === undefined ? {} : { previousBlockHex: blockIdHex(previousBlock), previousBlock }),
      idHex: blockIdHex(id),
      id,
    };
  } else if (delegate.lastBlock !== undefined) {
    // ARK's form after a restart: the block's id, height, generator and timestamp.
    attribute.lastBlock = {
      id: delegate.lastBlock.id,
      height: delegate.lastBlock.height,
      generatorPublicKey: wallet.publicKey,
      timestamp: delegate.lastBlock.timestamp,
    };
  }
  return attribute;
}

/** ARK's `business` attribute (core-magistrate-transactions `interfaces.ts`): without Votary's kept `previousAssets`. */
function businessAttribute(stored: BusinessAttributes): WalletBusinessAttribute {
  const { previousAssets: _previous, bridgechains, ...business } = stored;
  if (bridgechains === undefined) return business;
  const chains = Object.entries(bridgechains).map(([id, { previousAssets: _kept, ...chain }]) => [id, chain]);
  return { ...business, bridgechains: Object.fromEntries(chains) as WalletBusinessAttribute['bridgechains'] };
}

function attributesOf(wallet: Wallet, extras: WalletExtras): WalletAttributesRecord {
  const attributes: WalletAttributesRecord = {};
  const delegate = delegateAttribute(wallet, extras);
  if (delegate !== undefined) attributes.delegate = delegate;
  if (wallet.vote !== undefined) attributes.vote = wallet.vote;
  if (wallet.secondPublicKey !== undefined) attributes.secondPublicKey = wallet.secondPublicKey;
  if (wallet.multiSignature !== undefined) attributes.multiSignature = { ...wallet.multiSignature };
  if (wallet.business !== undefined) attributes.business = businessAttribute(wallet.business);
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
    attributes.htlc = { locks, lockedBalance: wallet.lockedBalance };
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

export class WalletQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest, scope?: WalletScope): PageRows<Wallet> {
    return listWallets(this.ctx.read, request, scope);
  }

  /** An address, then a public key, then a delegate username (ARK's order, §6.5, §6.6). */
  find(id: string): Wallet | undefined {
    return findWallet(this.ctx.read, id);
  }

  /** ARK's records of a page of wallets (their other tables read in one go). */
  records(wallets: readonly Wallet[]): WalletRecord[] {
    const extras = walletExtras(
      this.ctx.read,
      wallets.map((wallet) => wallet.address),
    );
    return wallets.map((wallet) => ({
      address: wallet.address,
      ...(wallet.publicKey === undefined ? {} : { publicKey: wallet.publicKey }),
      balance: wallet.balance,
      nonce: wallet.nonce,
      attributes: attributesOf(wallet, extrasOf(extras, wallet.address)),
    }));
  }
}
