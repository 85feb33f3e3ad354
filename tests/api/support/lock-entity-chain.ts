/**
 * The API test chain (api-chain.ts) extended with what /locks and /entities list: HTLC locks that end claimed,
 * refunded, expired (still open) and active, and entities registered, updated and resigned — all forged by
 * the embedded node through its pool, like any client's transactions.
 */
import { nodeParts } from '../../../src/core/node/parts';
import { localnet } from '../../../src/core/node/localnet';
import type { LocalNode } from '../../../src/core/node/node';
import { sha256 } from '../../../src/core/protocol/hash';
import { fromHex, toHex } from '../../../src/core/protocol/hex';
import { milestoneAt } from '../../../src/core/protocol/networks';
import {
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import { VTY, faucet, startApiChain, user1, user2, user3, type Account, type ApiChain } from './api-chain';

export const CLAIM_SECRET = toHex(sha256('votary lock entity chain: claim'));
export const CLAIM_HASH = toHex(sha256(fromHex(CLAIM_SECRET)));
export const REFUND_HASH = toHex(sha256('votary lock entity chain: refund'));
export const EXPIRE_HASH = toHex(sha256('votary lock entity chain: expire'));
export const IPFS_1 = 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w';
export const IPFS_2 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

export interface LockEntityTransactions {
  lockToClaim: TransactionData;
  lockToRefund: TransactionData;
  lockToExpire: TransactionData;
  claim: TransactionData;
  refund: TransactionData;
  business: TransactionData;
  plugin: TransactionData;
  resigning: TransactionData;
  businessUpdate: TransactionData;
  resignation: TransactionData;
}

export interface LockEntityChain extends ApiChain {
  more: LockEntityTransactions;
}

function sign(node: LocalNode, from: Account, draft: TransactionDraft): TransactionData {
  return signTransaction(
    draft,
    { passphrase: from.passphrase },
    { network: localnet, height: node.height + 1 },
  );
}

function forge(chain: ApiChain, txs: TransactionData[]): void {
  const result = chain.node.addTransactions(txs);
  if (result.invalid.length > 0)
    throw new Error(`the pool refused test transactions: ${JSON.stringify(result.errors)}`);
  chain.step();
  const missing = txs.filter(
    (tx) => !nodeParts(chain.node).store.db.prepare('SELECT 1 FROM transactions WHERE id = ?').get(tx.id),
  );
  if (missing.length > 0) throw new Error(`not forged: ${missing.map((tx) => tx.id).join(', ')}`);
}

export async function startLockEntityChain(): Promise<LockEntityChain> {
  const chain = await startApiChain();
  const { node } = chain;
  const { activeDelegates, blocktime } = milestoneAt(localnet, node.height);
  const tip = nodeParts(node).store.lastBlock();

  const lockToClaim = sign(node, faucet, {
    type: 8,
    nonce: 6n,
    amount: 4n * VTY,
    recipientId: user1.address,
    vendorField: 'swap #1',
    asset: { lock: { secretHash: CLAIM_HASH, expiration: { type: 2, value: tip.height + 1000 } } },
  });
  const lockToRefund = sign(node, faucet, {
    type: 8,
    nonce: 7n,
    amount: 5n * VTY,
    recipientId: user2.address,
    vendorField: 'refund me',
    asset: {
      lock: {
        secretHash: REFUND_HASH,
        expiration: { type: 1, value: tip.timestamp + blocktime * (activeDelegates + 2) },
      },
    },
  });
  const lockToExpire = sign(node, faucet, {
    type: 8,
    nonce: 8n,
    amount: 6n * VTY,
    recipientId: user3.address,
    vendorField: 'expire soon',
    asset: {
      lock: { secretHash: EXPIRE_HASH, expiration: { type: 2, value: tip.height + activeDelegates + 2 } },
    },
  });
  const entity = (from: Account, nonce: bigint, asset: NonNullable<TransactionDraft['asset']>) =>
    sign(node, from, { typeGroup: 2, type: 6, nonce, asset });
  // user1's nonce 2 is the pending transfer of api-chain.ts, forged with this block.
  const business = entity(user1, 3n, {
    type: 0,
    subType: 0,
    action: 0,
    data: { name: 'votary_business', ipfsData: IPFS_1 },
  });
  const plugin = entity(user2, 2n, { type: 2, subType: 1, action: 0, data: { name: 'votary_plugin' } });
  const resigning = entity(user3, 2n, { type: 0, subType: 0, action: 0, data: { name: 'another_one' } });
  forge(chain, [lockToClaim, lockToRefund, lockToExpire, business, plugin, resigning]);

  const claim = sign(node, user1, {
    type: 9,
    nonce: 4n,
    asset: { claim: { lockTransactionId: lockToClaim.id!, unlockSecret: CLAIM_SECRET } },
  });
  const businessUpdate = entity(user1, 5n, {
    type: 0,
    subType: 0,
    action: 1,
    registrationId: business.id!,
    data: { ipfsData: IPFS_2 },
  });
  const resignation = entity(user3, 3n, {
    type: 0,
    subType: 0,
    action: 2,
    registrationId: resigning.id!,
    data: {},
  });
  forge(chain, [claim, businessUpdate, resignation]);

  // Past both expirations (one a height, one a timestamp).
  while (node.height <= tip.height + activeDelegates + 2) chain.step();
  const refund = sign(node, faucet, {
    type: 10,
    nonce: 9n,
    asset: { refund: { lockTransactionId: lockToRefund.id! } },
  });
  forge(chain, [refund]);

  return {
    ...chain,
    more: {
      lockToClaim,
      lockToRefund,
      lockToExpire,
      claim,
      refund,
      business,
      plugin,
      resigning,
      businessUpdate,
      resignation,
    },
  };
}
