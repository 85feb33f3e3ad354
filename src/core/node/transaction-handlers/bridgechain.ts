/**
 * The legacy bridgechain types (Magistrate 3–5, applied between aip11 and aip36), each rule from its file in ARK Core
 * 3.9.1's core-magistrate-transactions `src/handlers/`. A bridgechain lives under its sender's business, keyed by
 * its genesis hash (the `bridgechainId` of a resignation or update).
 */
import type { TransactionData } from '../../protocol/transactions';
import type { BridgechainAsset, BridgechainAttributes, StateOverlay, Wallet } from '../state';
import { checkActiveBusiness, isException, mutableBusiness } from './business';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

/** A port's key must be an npm package name (core-magistrate-transactions `handlers/utils.ts` packageNameRegex). */
const PACKAGE_NAME = /^[a-z0-9@/.~_-]{1,214}$/;

function checkPorts(ports: Record<string, number> | undefined): void {
  for (const key of Object.keys(ports ?? {})) {
    if (!PACKAGE_NAME.test(key)) {
      throw new ApplyError(`the bridgechain port "${key}" is not named after an npm package`);
    }
  }
}

/** The asset copied in one key order (ARK's IBridgechainRegistrationAsset's), as business.ts `ordered`. */
function ordered(asset: Readonly<BridgechainAsset>): BridgechainAsset {
  const copy: BridgechainAsset = {
    name: asset.name,
    seedNodes: [...asset.seedNodes],
    genesisHash: asset.genesisHash,
    bridgechainRepository: asset.bridgechainRepository,
    ports: { ...asset.ports },
  };
  if (asset.bridgechainAssetRepository !== undefined)
    copy.bridgechainAssetRepository = asset.bridgechainAssetRepository;
  return copy;
}

function registrationOf(tx: TransactionData): BridgechainAsset {
  const asset = tx.asset?.bridgechainRegistration;
  if (!asset) throw new ApplyError('the bridgechain registration has no asset.bridgechainRegistration');
  return ordered(asset);
}

/** The sender's bridgechain a resignation or update names, registered and not resigned (checked for exceptions too). */
function checkOwnedBridgechain(sender: Readonly<Wallet>, bridgechainId: string): void {
  const business = checkActiveBusiness(sender);
  const bridgechain = business.bridgechains?.[bridgechainId];
  if (!bridgechain) {
    throw new ApplyError(`the bridgechain ${bridgechainId} is not registered by ${sender.address}`);
  }
  if (bridgechain.resigned === true) throw new ApplyError(`the bridgechain ${bridgechainId} has resigned`);
}

function mutableBridgechain(tx: TransactionData, state: StateOverlay, id: string): BridgechainAttributes {
  const bridgechain = mutableBusiness(tx, state).bridgechains?.[id];
  if (!bridgechain) throw new Error(`state invariant: the bridgechain ${id} is missing`);
  return bridgechain;
}

/**
 * Bridgechain registration (`bridgechain-registration.ts`): the sender has a business that has not resigned
 * (WalletIsNotBusinessError, BusinessIsResignedError), none of its bridgechains has the same name, compared without
 * case (BridgechainAlreadyRegisteredError), or the same genesis hash (GenesisHashAlreadyRegisteredError), and every
 * port is named after an npm package; an exception skips every rule. The registration's asset is kept under its
 * genesis hash.
 */
export const bridgechainRegistration: TransactionHandler = {
  check(tx, _state, ctx, sender) {
    const asset = registrationOf(tx);
    if (isException(tx, ctx)) return;
    const business = checkActiveBusiness(sender);
    const chains = Object.values(business.bridgechains ?? {});
    const name = asset.name.toLowerCase();
    if (chains.some((chain) => chain.bridgechainAsset.name.toLowerCase() === name)) {
      throw new ApplyError(`${sender.address} has a bridgechain named "${asset.name}" registered already`);
    }
    if (business.bridgechains?.[asset.genesisHash]) {
      throw new ApplyError(`${sender.address} has the genesis hash ${asset.genesisHash} registered already`);
    }
    checkPorts(asset.ports);
  },
  applyToSender(tx, state) {
    const asset = registrationOf(tx);
    const business = mutableBusiness(tx, state);
    (business.bridgechains ??= {})[asset.genesisHash] = { bridgechainAsset: asset };
  },
  revertForSender(tx, state) {
    // ARK deletes the last key of `business.bridgechains`: the one this registration added.
    const business = mutableBusiness(tx, state);
    if (business.bridgechains) delete business.bridgechains[registrationOf(tx).genesisHash];
  },
};

function resignedIdOf(tx: TransactionData): string {
  const id = tx.asset?.bridgechainResignation?.bridgechainId;
  if (id === undefined) throw new ApplyError('the bridgechain resignation has no bridgechainId');
  return id;
}

/**
 * Bridgechain resignation (`bridgechain-resignation.ts`): the sender's own registered bridgechain, not resigned,
 * under a business that has not resigned — checked for exceptions too. A revert forgets `resigned` (ARK's live
 * revert sets it false; every ARK node started since has no `resigned` on it, from its `bootstrap`).
 */
export const bridgechainResignation: TransactionHandler = {
  check(tx, _state, _ctx, sender) {
    checkOwnedBridgechain(sender, resignedIdOf(tx));
  },
  applyToSender(tx, state) {
    mutableBridgechain(tx, state, resignedIdOf(tx)).resigned = true;
  },
  revertForSender(tx, state) {
    delete mutableBridgechain(tx, state, resignedIdOf(tx)).resigned;
  },
};

function updateOf(
  tx: TransactionData,
): NonNullable<NonNullable<TransactionData['asset']>['bridgechainUpdate']> {
  const asset = tx.asset?.bridgechainUpdate;
  if (!asset) throw new ApplyError('the bridgechain update has no asset.bridgechainUpdate');
  return asset;
}

/**
 * Bridgechain update (`bridgechain-update.ts`): the sender's own registered bridgechain, not resigned, under a
 * business that has not resigned, every port named after an npm package — checked for exceptions too. The update's
 * fields but `bridgechainId` replace the asset's. Its revert restores the asset before the update: what an ARK node
 * rebuilds at its start (`bootstrap` merges the registration and every update); ARK's live revert means to replay
 * the earlier updates too, but its look-up of them asks for an asset key no update has (`bridgechainUpdateAsset`)
 * and falls back to the registration's asset, a state no restarted ARK node has. Votary keeps the restarted one.
 */
export const bridgechainUpdate: TransactionHandler = {
  check(tx, _state, _ctx, sender) {
    const update = updateOf(tx);
    checkOwnedBridgechain(sender, update.bridgechainId);
    checkPorts(update.ports);
  },
  applyToSender(tx, state) {
    const { bridgechainId, ...fields } = updateOf(tx);
    const bridgechain = mutableBridgechain(tx, state, bridgechainId);
    (bridgechain.previousAssets ??= []).push(bridgechain.bridgechainAsset);
    bridgechain.bridgechainAsset = ordered({ ...bridgechain.bridgechainAsset, ...fields });
  },
  revertForSender(tx, state) {
    const bridgechain = mutableBridgechain(tx, state, updateOf(tx).bridgechainId);
    const previous = bridgechain.previousAssets?.pop();
    if (!previous) throw new Error(`state invariant: ${tx.id ?? '?'} reverts an update never applied`);
    bridgechain.bridgechainAsset = previous;
    if (bridgechain.previousAssets?.length === 0) delete bridgechain.previousAssets;
  },
};
