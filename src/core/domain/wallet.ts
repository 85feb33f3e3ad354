/** Making and copying the chain state's records (chain-state.ts). */
import type {
  BusinessAttributes,
  DelegateAttributes,
  Entity,
  Lock,
  MultiSignatureAttributes,
  Wallet,
} from './chain-state';

export function emptyWallet(address: string): Wallet {
  return { address, balance: 0n, nonce: 0n, lockedBalance: 0n };
}

/**
 * A deep copy, so that an overlay can change a wallet without touching the layer below it. Every field is copied,
 * the legacy multisignature's too (`legacy`, `lifetime`, `keysgroup`: node/transaction-handlers/legacy-multi-signature.ts), and
 * the copy is built field by field, in walletFromRow's order, rather than spread: V8 gives each spread copy that
 * later gains a field (a sender's public key, on its first transaction) a hidden class of its own, which cost the
 * pool 0.3 kB a distinct sender and made every site that reads such wallets megamorphic (docs/benchmarks.md
 * "Ingest").
 */
export function cloneWallet(wallet: Readonly<Wallet>): Wallet {
  const copy: Wallet = {
    address: wallet.address,
    balance: wallet.balance,
    nonce: wallet.nonce,
    lockedBalance: wallet.lockedBalance,
  };
  if (wallet.publicKey !== undefined) copy.publicKey = wallet.publicKey;
  if (wallet.secondPublicKey !== undefined) copy.secondPublicKey = wallet.secondPublicKey;
  if (wallet.multiSignature) copy.multiSignature = cloneMultiSignature(wallet.multiSignature);
  if (wallet.vote !== undefined) copy.vote = wallet.vote;
  if (wallet.business) copy.business = cloneBusiness(wallet.business);
  if (wallet.delegate) copy.delegate = cloneDelegate(wallet.delegate);
  return copy;
}

function cloneMultiSignature(multiSignature: Readonly<MultiSignatureAttributes>): MultiSignatureAttributes {
  const copy: MultiSignatureAttributes = { ...multiSignature, publicKeys: [...multiSignature.publicKeys] };
  if (multiSignature.keysgroup) copy.keysgroup = [...multiSignature.keysgroup];
  return copy;
}

/** Assets are plain JSON (strings, string arrays, a record of numbers): structuredClone copies them whole. */
function cloneBusiness(business: Readonly<BusinessAttributes>): BusinessAttributes {
  return structuredClone(business);
}

function cloneDelegate(delegate: Readonly<DelegateAttributes>): DelegateAttributes {
  const copy: DelegateAttributes = { ...delegate };
  if (delegate.lastBlock) copy.lastBlock = { ...delegate.lastBlock };
  return copy;
}

export function cloneLock(lock: Readonly<Lock>): Lock {
  return { ...lock, expiration: { ...lock.expiration } };
}

export function cloneEntity(entity: Readonly<Entity>): Entity {
  return {
    ...entity,
    data: { ...entity.data },
    dataHistory: entity.dataHistory.map((data) => ({ ...data })),
  };
}

/** A wallet that holds nothing worth storing: never persisted (and deleted when a revert empties it). */
export function isEmptyWallet(wallet: Readonly<Wallet>): boolean {
  return (
    wallet.balance === 0n &&
    wallet.nonce === 0n &&
    wallet.lockedBalance === 0n &&
    wallet.publicKey === undefined &&
    wallet.secondPublicKey === undefined &&
    wallet.multiSignature === undefined &&
    wallet.vote === undefined &&
    wallet.delegate === undefined &&
    wallet.business === undefined
  );
}
