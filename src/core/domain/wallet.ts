/** Making and copying the chain state's records (chain-state.ts). */
import type { BusinessAttributes, DelegateAttributes, Entity, Lock, Wallet } from './chain-state';

export function emptyWallet(address: string): Wallet {
  return { address, balance: 0n, nonce: 0n, lockedBalance: 0n };
}

/** A deep copy, so that an overlay can change a wallet without touching the layer below it. */
export function cloneWallet(wallet: Readonly<Wallet>): Wallet {
  const copy: Wallet = { ...wallet };
  if (wallet.multiSignature) {
    copy.multiSignature = {
      min: wallet.multiSignature.min,
      publicKeys: [...wallet.multiSignature.publicKeys],
    };
  }
  if (wallet.delegate) copy.delegate = cloneDelegate(wallet.delegate);
  if (wallet.business) copy.business = cloneBusiness(wallet.business);
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
