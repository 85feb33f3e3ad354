/**
 * `signSignature`, ARK's other name for a transaction's second signature: ARK Core 3.9.1's crypto accepts it in
 * transaction JSON (`transactions/types/schemas.ts`) and reads `secondSignature || signSignature` when it serializes
 * and verifies (`serializer.ts`, `verifier.ts`); ARK Core 2 and its clients wrote it, and ARK Core 3's transformed API
 * still serves it. A version-1 transfer signed with a second passphrase by ARK's own library (@arkecosystem/crypto,
 * a dev dependency, on devnet before aip11) is read by ARK under either name; Votary must read it the same way on
 * both of its JSON paths: the follower's (strict) and POST /transactions' (unknown keys dropped).
 */
// Must stay first: selects bcrypto's JS backend before @arkecosystem/crypto loads it.
import '../api/support/bcrypto-js-backend';
import { Identities, Managers, Transactions } from '@arkecosystem/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnet } from '../../src/core/protocol/networks';
import {
  transactionAndBytesFromJson,
  transactionToJson,
  verifySecondSignature,
  verifyTransaction,
} from '../../src/core/protocol/transactions';
import { toHex } from '../../src/core/protocol/hex';

const FIRST = 'sign signature alias test first passphrase';
const SECOND = 'sign signature alias test second passphrase';
/** Devnet before its aip11 milestone (4,006,000): ARK builds version 1. */
const HEIGHT = 1_000_000;

let arkJson: Record<string, unknown>;
let arkId: string;

beforeAll(() => {
  Managers.configManager.setFromPreset('devnet');
  Managers.configManager.setHeight(HEIGHT);
  const built = Transactions.BuilderFactory.transfer()
    .recipientId(Identities.Address.fromPassphrase('sign signature alias test recipient', 30))
    .amount('100000000')
    .vendorField('v1 with a second signature')
    .sign(FIRST)
    .secondSign(SECOND)
    .build();
  arkJson = built.toJson() as unknown as Record<string, unknown>;
  arkId = built.id!;
});

afterAll(() => {
  Managers.configManager.setFromPreset('mainnet');
});

/** The same transaction with its second signature under ARK's other name. */
function aliased(): Record<string, unknown> {
  const { secondSignature, ...rest } = arkJson;
  return { ...rest, signSignature: secondSignature };
}

describe('a version-1 second signature named signSignature', () => {
  it('is ARK’s own version 1 with a second signature, and ARK reads the alias to the same id', () => {
    expect(arkJson.version).toBe(1);
    expect(typeof arkJson.secondSignature).toBe('string');
    expect(Transactions.TransactionFactory.fromJson(aliased() as never).id).toBe(arkId);
  });

  for (const strict of [true, false]) {
    it(`is read as its second signature (${strict ? 'strict, as the follower reads' : 'unknown keys dropped, as POST /transactions reads'})`, () => {
      const ctx = { network: devnet, height: HEIGHT };
      const plain = transactionAndBytesFromJson(arkJson, ctx, { strict });
      const alias = transactionAndBytesFromJson(aliased(), ctx, { strict });
      expect(alias.tx.id).toBe(arkId);
      expect(alias.tx.secondSignature).toBe(arkJson.secondSignature);
      expect(toHex(alias.bytes)).toBe(toHex(plain.bytes));
      expect(verifyTransaction(alias.tx, ctx).verified).toBe(true);
      expect(verifySecondSignature(alias.tx, Identities.PublicKey.fromPassphrase(SECOND))).toBe(true);
    });
  }

  it('secondSignature wins when both names are given (ARK reads secondSignature || signSignature)', () => {
    const both = { ...arkJson, signSignature: '30'.repeat(35) };
    const { tx } = transactionAndBytesFromJson(both, { network: devnet, height: HEIGHT });
    expect(tx.id).toBe(arkId);
  });

  it('is served back under the name ARK’s raw API uses (secondSignature)', () => {
    const { tx } = transactionAndBytesFromJson(aliased(), { network: devnet, height: HEIGHT });
    const json = transactionToJson(tx);
    expect(json.secondSignature).toBe(arkJson.secondSignature);
    expect(json).not.toHaveProperty('signSignature');
  });
});
