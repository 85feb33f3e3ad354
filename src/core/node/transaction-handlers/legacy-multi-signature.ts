import { isExceptionTransaction } from '../../protocol/networks';
import type { MultiSignatureLegacyAsset, TransactionData } from '../../protocol/transactions';
import { senderAddress } from './common';
import { ApplyError } from './errors';
import type { TransactionHandler } from './types';

function assetOf(tx: TransactionData): MultiSignatureLegacyAsset {
  const asset = tx.asset?.multiSignatureLegacy;
  if (!asset)
    throw new ApplyError('the legacy multisignature registration has no asset.multiSignatureLegacy');
  return asset;
}

/**
 * Legacy multisignature registration (Core 4, version 1): ARK applies it only when it is an exception of the
 * network's list (core-transactions `handlers/one/multi-signature-registration.ts` throwIfCannotBeApplied, else
 * LegacyMultiSignatureError), and then marks the wallet with the registration and `legacy` (its `bootstrap`, which
 * runs at every start; Votary marks it as it applies, the state every ARK node that started since has). A legacy
 * wallet's later transactions are refused unless they are exceptions too (common.ts).
 */
export const legacyMultiSignature: TransactionHandler = {
  check(tx, _state, ctx, sender) {
    assetOf(tx);
    if (!isExceptionTransaction(ctx.network, tx.id)) {
      throw new ApplyError(
        'a legacy (version 1) multisignature registration is accepted only as an exception of the network',
      );
    }
    if (sender.multiSignature) {
      throw new ApplyError(`${sender.address} has a multisignature registered already`);
    }
  },
  applyToSender(tx, state) {
    const { min, lifetime, keysgroup } = assetOf(tx);
    state.mutableWallet(senderAddress(tx, state)).multiSignature = {
      min,
      publicKeys: keysgroup.map((key) => (key.startsWith('+') ? key.slice(1) : key)),
      legacy: true,
      lifetime,
      keysgroup: [...keysgroup],
    };
  },
  revertForSender(tx, state) {
    delete state.mutableWallet(senderAddress(tx, state)).multiSignature;
  },
};
