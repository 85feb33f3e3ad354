import fc from 'fast-check';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { addressFromBytes, keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { isProtocolError } from '../../src/core/protocol/errors';
import { utf8Bytes } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';
import { devnet } from '../../src/core/protocol/networks';
import {
  addMultiSignature,
  deserializeTransaction,
  INT64_MAX,
  prepareTransaction,
  serializeTransaction,
  signTransaction,
  transactionFromJson,
  transactionToJson,
  verifyMultiSignatures,
  verifyTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../src/core/protocol/transactions';

/**
 * Random valid transactions of every type (Core 0–10, Entity register/update/resign), signed with random
 * passphrases, at devnet height 6000000 (aip11, htlcEnabled and aip36 on; vendorField ≤ 255 bytes;
 * multiPaymentLimit 128).
 */
const ctx = { network: devnet, height: 6000000 };
/** PROPERTY_RUNS=… runs deeper locally; the default keeps the suite fast. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

const passphrase = fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' });
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const hex32 = bytes(32).map(toHex);
const positive = fc.bigInt({ min: 1n, max: INT64_MAX });
const nonce = fc.bigInt({ min: 0n, max: INT64_MAX });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const address = bytes(20).map((hash) => addressFromBytes(Uint8Array.of(30, ...hash)));
const vendorField = fc
  .string({ maxLength: 80, unit: 'grapheme' })
  .filter((text) => text.length > 0 && utf8Bytes(text).length <= 255);
const publicKey = passphrase.map((p) => toHex(keyPairFromPassphrase(p).publicKey));
const base58Text = (max: number) => fc.stringMatching(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{1,${max}}$`));
const multihash = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ minLength: 1, maxLength: 60 }))
  .map(([fn, digest]) => base58.encode(Uint8Array.of(fn, digest.length, ...digest)))
  .filter((text) => text.length >= 2 && text.length <= 90);

interface Case {
  draft: TransactionDraft;
  signer: { passphrase: string; secondPassphrase?: string; ecdsa?: boolean };
  participants?: string[];
}

const signer = fc.record(
  { passphrase, secondPassphrase: passphrase, ecdsa: fc.boolean() },
  { requiredKeys: ['passphrase'] },
);
const simpleSigner = fc.record({ passphrase });

const transfer = fc
  .record(
    { nonce, fee: positive, amount: positive, recipientId: address, vendorField, expiration: u32 },
    { requiredKeys: ['nonce', 'fee', 'amount', 'recipientId'] },
  )
  .chain((fields) => signer.map((s): Case => ({ draft: { type: 0, ...fields }, signer: s })));

const withSigner = (draft: fc.Arbitrary<TransactionDraft>): fc.Arbitrary<Case> =>
  fc.tuple(draft, simpleSigner).map(([d, s]) => ({ draft: d, signer: s }));

const secondSignature = withSigner(
  fc.record({ nonce, fee: positive, key: publicKey }).map(({ key, ...f }) => ({
    type: 1,
    ...f,
    asset: { signature: { publicKey: key } },
  })),
);

const delegateRegistration = withSigner(
  fc
    .record({ nonce, fee: positive, username: fc.stringMatching(/^[a-z0-9!@$&_.]{1,20}$/) })
    .map(({ username, ...f }) => ({
      type: 2,
      ...f,
      asset: { delegate: { username } },
    })),
);

const vote = withSigner(
  fc
    .record({
      nonce,
      fee: positive,
      votes: fc.array(fc.tuple(fc.boolean(), publicKey), { minLength: 1, maxLength: 2 }),
    })
    .map(({ votes, ...f }) => ({
      type: 3,
      ...f,
      asset: { votes: votes.map(([up, key]) => (up ? '+' : '-') + key) },
    })),
);

const multiSignature: fc.Arbitrary<Case> = fc
  .record({
    nonce,
    fee: positive,
    sender: passphrase,
    participants: fc.uniqueArray(passphrase, {
      minLength: 1,
      maxLength: 4,
      selector: (p) => toHex(keyPairFromPassphrase(p).publicKey),
    }),
  })
  .chain(({ participants, sender, ...f }) =>
    fc.integer({ min: 1, max: participants.length }).map((min): Case => ({
      draft: {
        type: 4,
        ...f,
        asset: {
          multiSignature: {
            min,
            publicKeys: participants.map((p) => toHex(keyPairFromPassphrase(p).publicKey)),
          },
        },
      },
      signer: { passphrase: sender },
      participants,
    })),
  );

const ipfs = withSigner(
  fc
    .record({ nonce, fee: positive, ipfs: multihash })
    .map(({ ipfs: hash, ...f }) => ({ type: 5, ...f, asset: { ipfs: hash } })),
);

const multiPayment = withSigner(
  fc
    .record(
      {
        nonce,
        fee: positive,
        vendorField,
        payments: fc.array(fc.record({ amount: positive, recipientId: address }), {
          minLength: 2,
          maxLength: 8,
        }),
      },
      { requiredKeys: ['nonce', 'fee', 'payments'] },
    )
    .map(({ payments, ...f }) => ({ type: 6, ...f, asset: { payments } })),
);

const delegateResignation = withSigner(fc.record({ nonce, fee: positive }).map((f) => ({ type: 7, ...f })));

const htlcLock = withSigner(
  fc
    .record(
      {
        nonce,
        fee: positive,
        amount: positive,
        recipientId: address,
        vendorField,
        secretHash: hex32,
        expirationType: fc.constantFrom(1 as const, 2 as const),
        value: u32,
      },
      { requiredKeys: ['nonce', 'fee', 'amount', 'recipientId', 'secretHash', 'expirationType', 'value'] },
    )
    .map(({ secretHash, expirationType, value, ...f }) => ({
      type: 8,
      ...f,
      asset: { lock: { secretHash, expiration: { type: expirationType, value } } },
    })),
);

const htlcClaim = withSigner(
  fc
    .record({ nonce, lockTransactionId: hex32, unlockSecret: hex32 })
    .map(({ lockTransactionId, unlockSecret, ...f }) => ({
      type: 9,
      fee: 0n,
      ...f,
      asset: { claim: { lockTransactionId, unlockSecret } },
    })),
);

const htlcRefund = withSigner(
  fc.record({ nonce, lockTransactionId: hex32 }).map(({ lockTransactionId, ...f }) => ({
    type: 10,
    fee: 0n,
    ...f,
    asset: { refund: { lockTransactionId } },
  })),
);

const entityHead = {
  nonce,
  fee: positive,
  type: fc.integer({ min: 0, max: 255 }),
  subType: fc.integer({ min: 0, max: 255 }),
};
const entityName = fc.stringMatching(/^[a-zA-Z0-9_!@$&.-]{1,40}$/);

const entityRegister = withSigner(
  fc
    .record(
      { ...entityHead, name: entityName, ipfsData: base58Text(128) },
      { requiredKeys: ['nonce', 'fee', 'type', 'subType', 'name'] },
    )
    .map(({ nonce: n, fee, type, subType, name, ipfsData }) => ({
      typeGroup: 2,
      type: 6,
      nonce: n,
      fee,
      asset: { type, subType, action: 0, data: ipfsData === undefined ? { name } : { name, ipfsData } },
    })),
);

const entityUpdate = withSigner(
  fc
    .record(
      { ...entityHead, registrationId: hex32, ipfsData: base58Text(128) },
      { requiredKeys: ['nonce', 'fee', 'type', 'subType', 'registrationId'] },
    )
    .map(({ nonce: n, fee, type, subType, registrationId, ipfsData }) => ({
      typeGroup: 2,
      type: 6,
      nonce: n,
      fee,
      asset: { type, subType, action: 1, registrationId, data: ipfsData === undefined ? {} : { ipfsData } },
    })),
);

const entityResign = withSigner(
  fc
    .record({ ...entityHead, registrationId: hex32 })
    .map(({ nonce: n, fee, type, subType, registrationId }) => ({
      typeGroup: 2,
      type: 6,
      nonce: n,
      fee,
      asset: { type, subType, action: 2, registrationId, data: {} },
    })),
);

const anyCase = fc.oneof(
  transfer,
  secondSignature,
  delegateRegistration,
  vote,
  multiSignature,
  ipfs,
  multiPayment,
  delegateResignation,
  htlcLock,
  htlcClaim,
  htlcRefund,
  entityRegister,
  entityUpdate,
  entityResign,
);

/** Participants sign first, then the sender (protocol reference §4.4). */
function build({ draft, signer: s, participants }: Case): TransactionData {
  if (!participants) return signTransaction(draft, s, ctx);
  const senderPublicKey = toHex(keyPairFromPassphrase(s.passphrase).publicKey);
  let tx = prepareTransaction({ ...draft, senderPublicKey }, ctx);
  participants.forEach((p, i) => (tx = addMultiSignature(tx, p, i)));
  return signTransaction(tx, s, ctx);
}

const validTransaction = anyCase.map((c) => build(c));

describe('random valid transactions of every type', () => {
  it('deserialize(serialize(tx)) equals tx and verifies', () => {
    fc.assert(
      fc.property(validTransaction, (tx) => {
        const bytes = serializeTransaction(tx);
        const decoded = deserializeTransaction(bytes, ctx);
        expect(transactionToJson(decoded)).toEqual(transactionToJson(tx));
        expect(verifyTransaction(decoded, ctx)).toEqual({ verified: true });
        const registration = decoded.asset?.multiSignature;
        if (decoded.type === 4 && registration)
          expect(verifyMultiSignatures(decoded, registration)).toBe(true);
        expect(transactionFromJson(transactionToJson(tx), ctx)).toEqual(decoded);
      }),
      { numRuns: 3 * RUNS },
    );
  });

  it('a single flipped bit never yields the same valid transaction', () => {
    fc.assert(
      fc.property(validTransaction, fc.nat(), (tx, bit) => {
        const bytes = serializeTransaction(tx);
        const flipped = Uint8Array.from(bytes);
        const at = bit % (bytes.length * 8);
        flipped[at >> 3]! ^= 1 << (at & 7);
        let decoded: TransactionData;
        try {
          decoded = deserializeTransaction(flipped, ctx);
        } catch (error) {
          expect(isProtocolError(error), String(error)).toBe(true);
          return;
        }
        // Decoding is one-to-one: the accepted bytes are exactly what the data serializes to.
        expect(toHex(serializeTransaction(decoded))).toBe(toHex(flipped));
        const sameValid = verifyTransaction(decoded, ctx).verified && decoded.id === tx.id;
        expect(sameValid).toBe(false);
      }),
      { numRuns: 3 * RUNS },
    );
  });
});

describe('garbage input only ever raises ProtocolError', () => {
  const onlyProtocolErrors = (action: () => unknown) => {
    try {
      action();
    } catch (error) {
      expect(isProtocolError(error), String(error)).toBe(true);
    }
  };

  it('transactionFromJson(anything)', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true }),
        (value) => {
          onlyProtocolErrors(() => transactionFromJson(value, ctx));
        },
      ),
      { numRuns: 5 * RUNS },
    );
  });

  it('transactionFromJson of a valid JSON with one field replaced by anything', () => {
    fc.assert(
      fc.property(validTransaction, fc.nat(), fc.anything(), (tx, pick, replacement) => {
        const json = transactionToJson(tx) as unknown as Record<string, unknown>;
        const asset = json.asset as Record<string, unknown> | undefined;
        const target = asset && pick % 2 === 0 ? asset : json;
        const keys = Object.keys(target);
        target[keys[pick % keys.length]!] = replacement;
        onlyProtocolErrors(() => transactionFromJson(json, ctx));
      }),
      { numRuns: RUNS },
    );
  });

  it('deserializeTransaction of random bytes and of random bytes after a valid header', () => {
    const header = Uint8Array.from([0xff, 0x02, 0x1e, 0x01, 0x00, 0x00, 0x00]);
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (tail, type, withHeader) => {
          const input = withHeader ? Uint8Array.from([...header, type, 0, ...tail]) : tail;
          onlyProtocolErrors(() => deserializeTransaction(input, ctx));
        },
      ),
      { numRuns: 5 * RUNS },
    );
  });
});
