import { addressFromPublicKey, keyPairFromPassphrase, wifFromPrivateKey } from '../../core/protocol/crypto';
import { toHex } from '../../core/protocol/hex';
import { printJson, readPassphraseFile } from '../io';
import { resolveNetwork } from '../network-option';
import { parseOptions, requireOption } from '../parse-options';

/** `votary keys --passphrase-file F [--network NAME]` → {publicKey, address, wif} (protocol reference §2). */
export function keysCommand(args: string[]): number {
  const options = parseOptions(args, {
    'passphrase-file': { type: 'string' },
    network: { type: 'string' },
  });
  const passphrase = readPassphraseFile(requireOption(options['passphrase-file'], 'passphrase-file'));
  const { network } = resolveNetwork(options.network);
  const keys = keyPairFromPassphrase(passphrase);
  printJson({
    publicKey: toHex(keys.publicKey),
    address: addressFromPublicKey(keys.publicKey, network.pubKeyHash),
    wif: wifFromPrivateKey(keys.privateKey, network.wif),
  });
  return 0;
}
