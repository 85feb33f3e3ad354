/** Importing a multisignature wallet by its participants' keys (multisig:import; after a registration is broadcast). */
import type { WalletInfo } from '../../keystore';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../protocol/crypto';
import { ServiceError } from '../service-error';
import type { MultisigDeps } from './deps';
import { entryOf } from './proposal-source';

/** Adds a multisignature wallet by its participants' keys: a watch wallet at the address the asset derives. */
export async function importMultisig(
  s: MultisigDeps,
  input: { networkId?: string; name?: string; min: number; publicKeys: string[] },
): Promise<WalletInfo> {
  const entry = entryOf(s, input.networkId);
  const publicKeys = input.publicKeys.map((key) => key.toLowerCase());
  if (input.min > publicKeys.length || new Set(publicKeys).size !== publicKeys.length) {
    throw new ServiceError(
      'ERR_INVALID_DRAFT',
      'min must be at most the number of keys, and no key may repeat.',
    );
  }
  const publicKey = multiSignaturePublicKey({ min: input.min, publicKeys });
  const address = addressFromPublicKey(publicKey, entry.pubKeyHash);
  const existing = s.keystore.listWallets({ nethash: entry.nethash }).find((w) => w.address === address);
  const wallet =
    existing ??
    (await s.keystore.addWatchOnly({
      network: entry.network,
      address,
      name: input.name ?? `Multisignature ${input.min} of ${publicKeys.length}`,
    }));
  await s.multisig.book.add({
    walletId: wallet.id,
    nethash: entry.nethash,
    address,
    publicKey,
    min: input.min,
    publicKeys,
  });
  s.events.emit('wallets:changed', { reason: 'added', walletId: wallet.id, address });
  return wallet;
}
