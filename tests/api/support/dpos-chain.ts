/**
 * The API test chain (api-chain.ts) carried on through DPoS events for the delegate, wallet and vote routes:
 * a vote switch, a vote for a registered delegate, a second signature, a multisignature wallet, an IPFS hash,
 * an entity, a delegate that registers and resigns, a round change (localnet rounds are 21 blocks, so the
 * ranking is taken again at height 22: the resigned delegate loses its rank) and a delegate registered after it
 * (not ranked yet). Every transaction is forged by the real node.
 */
import { nodeParts } from '../../../src/core/node/parts';
import { localnet, localnetWallets } from '../../../src/core/node/localnet';
import {
  addressFromPassphrase,
  keyPairFromPassphrase,
  multiSignaturePublicKey,
  addressFromPublicKey,
} from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import { milestoneAt } from '../../../src/core/protocol/networks';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import {
  VTY,
  faucet,
  startApiChain,
  user1,
  user2,
  user3,
  votedDelegate,
  type Account,
  type ApiChain,
} from './api-chain';

function account(passphrase: string): Account {
  return {
    passphrase,
    publicKey: toHex(keyPairFromPassphrase(passphrase).publicKey),
    address: addressFromPassphrase(passphrase, localnet.network.pubKeyHash),
  };
}

export const user4 = account('votary api test user 4');
export const lateDelegate = account('votary api test late delegate');
export const SECOND_PASSPHRASE = 'votary api test second passphrase';
export const secondPublicKey = toHex(keyPairFromPassphrase(SECOND_PASSPHRASE).publicKey);
export const switchTarget = localnetWallets().filter((w) => w.role === 'delegate')[1]!;
export const IPFS_HASH = 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w';
export const MULTISIG = { min: 2, publicKeys: [user1.publicKey, user2.publicKey, user3.publicKey] };
export const multisigPublicKey = multiSignaturePublicKey(MULTISIG);
export const multisigAddress = addressFromPublicKey(multisigPublicKey, localnet.network.pubKeyHash);

export interface DposTransactions {
  voteSwitch: TransactionData;
  voteForRegistered: TransactionData;
  secondSignature: TransactionData;
  registration3: TransactionData;
  multiSignature: TransactionData;
  ipfs: TransactionData;
  entity: TransactionData;
  resignation: TransactionData;
  lateRegistration: TransactionData;
}

export interface DposChain extends ApiChain {
  dpos: DposTransactions;
  /** The height at which the second round started (its ranking taken at the block before). */
  roundTwoStart: number;
}

export async function startDposChain(): Promise<DposChain> {
  const chain = await startApiChain();
  const { node } = chain;
  const ctx = () => ({ network: localnet, height: node.height + 1 });
  const sign = (from: Account, draft: TransactionDraft) =>
    signTransaction(draft, { passphrase: from.passphrase }, ctx());
  const add = (...txs: TransactionData[]) => {
    const result = node.addTransactions(txs);
    if (result.invalid.length > 0)
      throw new Error(`the pool refused test transactions: ${JSON.stringify(result.errors)}`);
  };
  const forge = (...txs: TransactionData[]) => {
    add(...txs);
    chain.step();
    for (const tx of txs) {
      if (nodeParts(node).pool.get(tx.id!)) throw new Error(`transaction ${tx.id} was not forged`);
    }
  };

  // user1's pending transfer (nonce 2) goes into this block too.
  const voteSwitch = sign(user1, {
    type: 3,
    nonce: 3n,
    asset: { votes: [`-${votedDelegate.publicKey}`, `+${switchTarget.publicKey}`] },
  });
  const voteForRegistered = sign(user3, { type: 3, nonce: 2n, asset: { votes: [`+${user2.publicKey}`] } });
  const secondSignature = sign(user2, {
    type: 1,
    nonce: 2n,
    asset: { signature: { publicKey: secondPublicKey } },
  });
  forge(
    sign(faucet, { type: 0, nonce: 6n, amount: 100n * VTY, recipientId: user4.address }),
    sign(faucet, { type: 0, nonce: 7n, amount: 100n * VTY, recipientId: lateDelegate.address }),
    voteSwitch,
    voteForRegistered,
    secondSignature,
  );

  const registration3 = sign(user3, { type: 2, nonce: 3n, asset: { delegate: { username: 'api_user3' } } });
  let multiSignature = prepareTransaction(
    { type: 4, nonce: 4n, senderPublicKey: user1.publicKey, asset: { multiSignature: MULTISIG } },
    ctx(),
  );
  [user1, user2, user3].forEach((participant, index) => {
    multiSignature = addMultiSignature(multiSignature, participant.passphrase, index);
  });
  multiSignature = signTransaction(multiSignature, { passphrase: user1.passphrase }, ctx());
  const ipfs = sign(user1, { type: 5, nonce: 5n, asset: { ipfs: IPFS_HASH } });
  const entity = sign(user1, {
    typeGroup: 2,
    type: 6,
    nonce: 6n,
    asset: { type: 0, subType: 0, action: 0, data: { name: 'api_entity', ipfsData: IPFS_HASH } },
  });
  forge(registration3, multiSignature, ipfs, entity);

  const resignation = sign(user3, { type: 7, nonce: 4n });
  forge(resignation);

  // On to the second round: the ranking taken at its start no longer ranks api_user3.
  const roundTwoStart = milestoneAt(localnet, 1).activeDelegates + 1;
  while (node.height < roundTwoStart) chain.step();

  const lateRegistration = sign(lateDelegate, {
    type: 2,
    nonce: 1n,
    asset: { delegate: { username: 'api_late' } },
  });
  forge(lateRegistration);
  chain.step();

  return {
    ...chain,
    dpos: {
      voteSwitch,
      voteForRegistered,
      secondSignature,
      registration3,
      multiSignature,
      ipfs,
      entity,
      resignation,
      lateRegistration,
    },
    roundTwoStart,
  };
}
