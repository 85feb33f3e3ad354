/**
 * The legacy business types (Magistrate 0–2, applied between aip11 and aip36 — whether one is accepted at a height
 * is `verifyTransaction`'s gate, core-magistrate-transactions `handlers/magistrate-handler.ts` isActivated). Each
 * rule cites its file in ARK Core 3.9.1's core-magistrate-transactions `src/handlers/`. ARK checks some rules even
 * for an exception of the network's list and skips the others (`Utils.isException` in the handler or in
 * `magistrate-handler.ts`); the comments say which. The common rules (nonce, balance, signatures) are common.ts's.
 */
import { isExceptionTransaction } from '../../protocol/networks';
import type { TransactionData } from '../../protocol/transactions';
import type { BusinessAsset, BusinessAttributes, StateOverlay, Wallet } from '../state';
import { senderAddress } from './common';
import type { HandlerContext } from './context';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

/** The sender's business, copied into the overlay to be changed (a state invariant: the check found it). */
export function mutableBusiness(tx: TransactionData, state: StateOverlay): BusinessAttributes {
  const business = state.mutableWallet(senderAddress(tx, state)).business;
  if (!business) throw new Error(`state invariant: ${senderAddress(tx, state)} has no business`);
  return business;
}

/** BusinessIsNotRegisteredError / BusinessIsResignedError, the guard of every type but the registration. */
export function checkActiveBusiness(sender: Readonly<Wallet>): Readonly<BusinessAttributes> {
  if (!sender.business) throw new ApplyError(`${sender.address} has no business registered`);
  if (sender.business.resigned === true) throw new ApplyError(`${sender.address}'s business has resigned`);
  return sender.business;
}

export function isException(tx: TransactionData, ctx: HandlerContext): boolean {
  return isExceptionTransaction(ctx.network, tx.id);
}

/**
 * The asset in one key order (ARK's IBusinessRegistrationAsset's), whatever order the transaction came in: the
 * state is compared as text (node/chain `verifyChain`), and a transaction read back from its bytes has the codec's.
 */
function ordered(asset: Readonly<BusinessAsset>): BusinessAsset {
  const copy: BusinessAsset = { name: asset.name, website: asset.website };
  if (asset.vat !== undefined) copy.vat = asset.vat;
  if (asset.repository !== undefined) copy.repository = asset.repository;
  return copy;
}

function registrationOf(tx: TransactionData): BusinessAsset {
  const asset = tx.asset?.businessRegistration;
  if (!asset) throw new ApplyError('the business registration has no asset.businessRegistration');
  return ordered(asset);
}

/**
 * Business registration (`business-registration.ts`): one business per wallet, checked for exceptions too
 * (BusinessAlreadyRegisteredError comes before the handler's super). The wallet's `business.businessAsset` is the
 * registration's asset.
 */
export const businessRegistration: TransactionHandler = {
  check(tx, _state, _ctx, sender) {
    registrationOf(tx);
    if (sender.business) throw new ApplyError(`${sender.address} has a business registered already`);
  },
  applyToSender(tx, state) {
    const businessAsset = registrationOf(tx);
    state.mutableWallet(senderAddress(tx, state)).business = { businessAsset };
  },
  revertForSender(tx, state) {
    delete state.mutableWallet(senderAddress(tx, state)).business;
  },
};

/**
 * Business resignation (`business-resignation.ts`): only a registered business that has not resigned, and whose
 * bridgechains have all resigned (BridgechainsAreNotResignedError); an exception skips every rule. It sets
 * `business.resigned`, which a revert forgets.
 */
export const businessResignation: TransactionHandler = {
  check(tx, _state, ctx, sender) {
    if (isException(tx, ctx)) return;
    const business = checkActiveBusiness(sender);
    const open = Object.values(business.bridgechains ?? {}).some((chain) => chain.resigned !== true);
    if (open) throw new ApplyError(`${sender.address}'s business has bridgechains that have not resigned`);
  },
  applyToSender(tx, state) {
    mutableBusiness(tx, state).resigned = true;
  },
  revertForSender(tx, state) {
    delete mutableBusiness(tx, state).resigned;
  },
};

function updateOf(tx: TransactionData): Partial<BusinessAsset> {
  const asset = tx.asset?.businessUpdate;
  if (!asset) throw new ApplyError('the business update has no asset.businessUpdate');
  return asset;
}

/**
 * Business update (`business-update.ts`): only a registered business that has not resigned, checked for exceptions
 * too. The update's fields replace the asset's (`{ ...businessAsset, ...businessUpdate }`). ARK's revert replays
 * the registration and the updates before this one from its database; Votary restores the asset it kept
 * (`previousAssets`), which is the same asset.
 */
export const businessUpdate: TransactionHandler = {
  check(tx, _state, _ctx, sender) {
    updateOf(tx);
    checkActiveBusiness(sender);
  },
  applyToSender(tx, state) {
    const business = mutableBusiness(tx, state);
    (business.previousAssets ??= []).push(business.businessAsset);
    business.businessAsset = ordered({ ...business.businessAsset, ...updateOf(tx) });
  },
  revertForSender(tx, state) {
    const business = mutableBusiness(tx, state);
    const previous = business.previousAssets?.pop();
    if (!previous) throw new Error(`state invariant: ${tx.id ?? '?'} reverts an update never applied`);
    business.businessAsset = previous;
    if (business.previousAssets?.length === 0) delete business.previousAssets;
  },
};
