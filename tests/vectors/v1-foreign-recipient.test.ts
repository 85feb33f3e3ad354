/**
 * A version-1 transfer to an address of another network. ARK Core 3.9.1 raises AddressNetworkError only while it
 * computes a version 2 id (crypto `transactions/utils.ts` getId: the type's serializer reports the recipient's
 * network byte); a version 1 id comes from getBytesV1 (crypto `transactions/serializer.ts`), which writes
 * `Address.toBuffer(recipientId).addressBuffer` and never looks at the error, and the schema's `address` is any 34
 * Base58 characters. So ARK builds, reads back and verifies such a transfer before aip11 — ARK's own library
 * (@arkecosystem/crypto, a dev dependency) shows it here, on mainnet — and a block holding one is honest history
 * Votary must store. Version 2 keeps the check, in ARK and in Votary.
 */
// Must stay first: selects bcrypto's JS backend before @arkecosystem/crypto loads it.
import '../api/support/bcrypto-js-backend';
import { Identities, Managers, Transactions } from '@arkecosystem/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../src/core/protocol/hex';
import { mainnet as mainnetPreset, withPresetExceptions } from '../../src/core/protocol/networks';
import {
  deserializeTransaction,
  transactionAndBytesFromJson,
  verifyTransaction,
} from '../../src/core/protocol/transactions';

const mainnet = withPresetExceptions(mainnetPreset);
const SENDER = 'v1 foreign recipient test sender';
/** A devnet address (network byte 30) on mainnet (23). */
const DEVNET_RECIPIENT = Identities.Address.fromPassphrase('v1 foreign recipient test recipient', 30);
/** Mainnet before its aip11 milestone (11,273,000): ARK builds version 1. */
const V1_HEIGHT = 5_000_000;
const V2_HEIGHT = 12_000_000;

let arkJson: Record<string, unknown>;
let arkHex: string;

function transfer() {
  return Transactions.BuilderFactory.transfer()
    .recipientId(DEVNET_RECIPIENT)
    .amount('100000000')
    .vendorField('to devnet')
    .sign(SENDER);
}

beforeAll(() => {
  Managers.configManager.setFromPreset('mainnet');
  Managers.configManager.setHeight(V1_HEIGHT);
  const built = transfer().build();
  arkJson = built.toJson() as unknown as Record<string, unknown>;
  arkHex = built.serialized.toString('hex');
});

afterAll(() => {
  Managers.configManager.setFromPreset('mainnet');
});

describe('a version 1 transfer to another network’s address', () => {
  it('is one ARK builds, reads back from its bytes and verifies, before aip11', () => {
    expect(arkJson.version).toBe(1);
    expect(arkJson.recipientId).toMatch(/^D/);
    const read = Transactions.TransactionFactory.fromHex(arkHex);
    expect(read.id).toBe(arkJson.id);
    expect(read.verified).toBe(true);
  });

  it('decodes from ARK’s JSON (the follower’s strict path) to ARK’s id and bytes, and verifies', () => {
    const ctx = { network: mainnet, height: V1_HEIGHT };
    const { tx, bytes } = transactionAndBytesFromJson(arkJson, ctx);
    expect(tx.id).toBe(arkJson.id);
    expect(tx.recipientId).toBe(DEVNET_RECIPIENT);
    expect(toHex(bytes)).toBe(arkHex);
    expect(verifyTransaction(tx, ctx)).toEqual({ verified: true });
  });

  it('decodes from ARK’s bytes (the P2P path) to ARK’s id', () => {
    const tx = deserializeTransaction(Buffer.from(arkHex, 'hex'), { network: mainnet, height: V1_HEIGHT });
    expect(tx.id).toBe(arkJson.id);
  });

  it('stays refused in version 2, by ARK and by Votary', () => {
    Managers.configManager.setHeight(V2_HEIGHT);
    try {
      expect(() => transfer().nonce('1').build()).toThrow(/Expected address network byte 23, but got 30/);
    } finally {
      Managers.configManager.setHeight(V1_HEIGHT);
    }
    const { id: _id, signature: _signature, timestamp: _timestamp, ...unsigned } = arkJson;
    const v2 = { ...unsigned, version: 2, nonce: '1', signature: '00'.repeat(64) };
    expect(() => transactionAndBytesFromJson(v2, { network: mainnet, height: V2_HEIGHT })).toThrow(
      /Expected address network byte 23, but got 30/,
    );
  });
});
