/**
 * Keystore.signParticipant: a participant's signature made inside the vault is byte for byte the protocol's
 * addMultiSignature with the passphrase, and the vault refuses a key that is not the participant's, a participant
 * that has signed, and a watch-only wallet.
 */
import { describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { addMultiSignature, verifyMultiSignatures } from '../../src/core/protocol/transactions';
import { devnet } from '../../src/core/protocol/networks';
import { codeOf, newVault } from '../keystore/support';
import { ASSET, KEYS, PARTICIPANTS, spend } from './fixtures';

describe('Keystore.signParticipant', () => {
  it('adds the same signature as addMultiSignature, and two make the spend verify', async () => {
    const keystore = await newVault();
    const one = await keystore.importPassphrase({ network: devnet, passphrase: PARTICIPANTS[1]! });
    const three = await keystore.importPassphrase({ network: devnet, passphrase: PARTICIPANTS[2]! });
    const tx = spend([]);
    const byVault = keystore.signParticipant(one.id, tx, 1, KEYS);
    expect(byVault).toEqual(addMultiSignature(tx, PARTICIPANTS[1]!, 1));
    const both = keystore.signParticipant(three.id, byVault, 2, KEYS);
    expect(verifyMultiSignatures(both, ASSET)).toBe(true);
    expect(both.id).toBe(spend([1, 2]).id);
  });

  it('refuses another participant’s index, a second signature and a watch-only wallet', async () => {
    const keystore = await newVault();
    const one = await keystore.importPassphrase({ network: devnet, passphrase: PARTICIPANTS[1]! });
    const watch = await keystore.addWatchOnly({
      network: devnet,
      address: addressFromPassphrase(PARTICIPANTS[0]!, devnet.network.pubKeyHash),
    });
    expect(await codeOf(() => keystore.signParticipant(one.id, spend([]), 0, KEYS))).toBe(
      'ERR_INVALID_DRAFT',
    );
    expect(await codeOf(() => keystore.signParticipant(one.id, spend([1]), 1, KEYS))).toBe(
      'ERR_INVALID_DRAFT',
    );
    expect(await codeOf(() => keystore.signParticipant(one.id, spend([]), 7, KEYS))).toBe(
      'ERR_INVALID_DRAFT',
    );
    expect(await codeOf(() => keystore.signParticipant(watch.id, spend([]), 0, KEYS))).toBe('ERR_WATCH_ONLY');
  });
});
