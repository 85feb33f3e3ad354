import { multiSignaturePublicKey } from '../../protocol/crypto';
import {
  verifyMultiSignatures,
  type MultiSignatureAsset,
  type TransactionData,
} from '../../protocol/transactions';
import type { StateOverlay } from '../state';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

const MAX_PARTICIPANTS = 16;

function assetOf(tx: TransactionData): MultiSignatureAsset {
  const asset = tx.asset?.multiSignature;
  if (!asset) throw new ApplyError('the multisignature registration has no asset.multiSignature');
  return asset;
}

/** The multisignature wallet an asset defines: its key is the sum of the participant keys (protocol.md §2). */
function walletKey(asset: MultiSignatureAsset): string {
  try {
    return multiSignaturePublicKey(asset);
  } catch (error) {
    throw new ApplyError(
      `invalid multisignature asset: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function multiSignatureAddress(
  tx: TransactionData,
  state: StateOverlay,
): { address: string; publicKey: string } {
  const publicKey = walletKey(assetOf(tx));
  return { address: state.addressOf(publicKey), publicKey };
}

/**
 * Multisignature registration (Core 4, v2): 1 ≤ min ≤ keys ≤ 16, one signature per participant, at least min
 * of them valid, the multisignature wallet not registered yet, and the sender not a multisignature wallet. The
 * sender pays; the multisignature wallet (the address of the summed key) gets the asset.
 */
export const multiSignature: TransactionHandler = {
  check(tx, state, _ctx, sender) {
    const asset = assetOf(tx);
    const count = asset.publicKeys.length;
    if (!Number.isInteger(asset.min) || asset.min < 1 || asset.min > count || count > MAX_PARTICIPANTS) {
      throw new ApplyError(
        `multisignature needs 1 ≤ min (${asset.min}) ≤ keys (${count}) ≤ ${MAX_PARTICIPANTS}`,
      );
    }
    if (new Set(asset.publicKeys.map((key) => key.toLowerCase())).size !== count) {
      throw new ApplyError('multisignature public keys must be unique');
    }
    if (sender.multiSignature) {
      throw new ApplyError(`${sender.address} is a multisignature wallet: it cannot register another one`);
    }
    if (tx.signatures?.length !== count) {
      throw new ApplyError(
        `a multisignature registration needs one signature per participant (${count}), got ${tx.signatures?.length ?? 0}`,
      );
    }
    if (!verifyMultiSignatures(tx, asset)) {
      throw new ApplyError("the participants' signatures of the multisignature registration do not verify");
    }
    const { address } = multiSignatureAddress(tx, state);
    if (state.wallet(address).multiSignature) {
      throw new ApplyError(`the multisignature wallet ${address} is already registered`);
    }
  },
  applyToRecipient(tx, state) {
    const asset = assetOf(tx);
    const { address, publicKey } = multiSignatureAddress(tx, state);
    const wallet = state.mutableWallet(address);
    wallet.multiSignature = { min: asset.min, publicKeys: [...asset.publicKeys] };
    wallet.publicKey = publicKey;
  },
  revertForRecipient(tx, state) {
    const wallet = state.mutableWallet(multiSignatureAddress(tx, state).address);
    delete wallet.multiSignature;
    if (wallet.nonce === 0n) delete wallet.publicKey;
  },
};
