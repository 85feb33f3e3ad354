import { describe, expect, it } from 'vitest';
import negative from '../fixtures/vectors/negative.json';
import magistrate from '../fixtures/vectors/transactions-magistrate.json';
import devnetVectors from '../fixtures/vectors/transactions-devnet.json';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { isProtocolError, type ProtocolErrorCode } from '../../src/core/protocol/errors';
import {
  deserializeTransactionHex,
  signTransaction,
  transactionToJson,
  verifySecondSignature,
  verifyTransaction,
  type TransactionDraft,
  type TransactionJson,
} from '../../src/core/protocol/transactions';
import { contextOf, PASSPHRASE_1 } from './transactions-support';

/**
 * Reference error class → ProtocolError code. InvalidTransactionBytesError wraps several causes; the two with
 * their own code are told apart by the wrapped message. Three reference outcomes are stopped earlier here by
 * the schema, so they map to ERR_SCHEMA:
 *  - MaximumPaymentCountExceededError (the builder's multipayment limit);
 *  - Error "Write over buffer boundary." (3 votes overflow the reference's fixed 100-byte vote buffer; the
 *    schema's maxItems 2 rejects them first);
 *  - RangeError "The value of "value" is out of range" (entity type 256 written as u8; the schema says 0..255).
 */
const ERROR_CODES: Record<string, ProtocolErrorCode> = {
  TransactionSchemaError: 'ERR_SCHEMA',
  InvalidTransactionBytesError: 'ERR_BYTES',
  DuplicateParticipantInMultiSignatureError: 'ERR_DUPLICATE_PARTICIPANT',
  VendorFieldLengthExceededError: 'ERR_VENDOR_FIELD',
  MaximumPaymentCountExceededError: 'ERR_SCHEMA',
  TransactionVersionError: 'ERR_VERSION',
  Error: 'ERR_SCHEMA',
  RangeError: 'ERR_SCHEMA',
};
const WRAPPED_CODES: [RegExp, ProtocolErrorCode][] = [
  [/Unknown transaction type/, 'ERR_UNKNOWN_TYPE'],
  [/Expected address network byte/, 'ERR_NETWORK'],
];

function expectedCode(error: { errorClass: string; message: string }): ProtocolErrorCode {
  const wrapped = WRAPPED_CODES.find(([pattern]) => pattern.test(error.message));
  if (error.errorClass === 'InvalidTransactionBytesError' && wrapped) return wrapped[1];
  const code = ERROR_CODES[error.errorClass];
  if (!code) throw new Error(`no code mapped for ${error.errorClass}`);
  return code;
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a ProtocolError, nothing was thrown');
}

const ctx = contextOf('devnet', 6000000);
const recipient = 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF4';
const delegateKey = '02e1652c551354c0aa87ff5ab5127ee26f978dbe6f2ec54df8987c456e04824f8e';
const transfer = (extra: Partial<TransactionDraft> = {}): TransactionDraft => ({
  type: 0,
  nonce: 1n,
  amount: 100000000n,
  recipientId: recipient,
  ...extra,
});
const payments = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ amount: BigInt(i + 1), recipientId: recipient }));

/** The builder-input negatives (no serializedHex), as the reference builder calls describe them. */
const builderDrafts: Record<string, TransactionDraft> = {
  'recipient-wrong-network': transfer({
    recipientId: addressFromPassphrase('this is a top secret passphrase 2', 23),
  }),
  'schema-zero-amount': transfer({ amount: 0n }),
  'vendorfield-256': transfer({ vendorField: 'x'.repeat(256) }),
  'username-invalid': { type: 2, nonce: 1n, asset: { delegate: { username: 'Bad Name' } } },
  'vote-3-items': { type: 3, nonce: 1n, asset: { votes: ['+', '-', '+'].map((sign) => sign + delegateKey) } },
  'multipayment-1-item': { type: 6, nonce: 1n, asset: { payments: payments(1) } },
  'multipayment-129-items': { type: 6, nonce: 1n, asset: { payments: payments(129) } },
};

/** Substrings of our messages that name what the reference's message names. */
const builderMessages: Record<string, RegExp> = {
  'recipient-wrong-network': /Expected address network byte 30, but got 23/,
  'schema-zero-amount': /^data\.amount/,
  'vendorfield-256': /maximum 255/,
  'username-invalid': /^data\.asset\.delegate\.username/,
  'vote-3-items': /^data\.asset\.votes/,
  'multipayment-1-item': /^data\.asset\.payments/,
  'multipayment-129-items': /allowed maximum of 128/,
};

const secondPublicKey = devnetVectors.vectors.find((v) => 'secondPublicKey' in v)!.secondPublicKey!;

describe.each(negative.vectors.map((v) => [v.id, v] as const))('negative.json %s', (id, vector) => {
  if ('serializedHex' in vector && vector.serializedHex !== undefined) {
    const hex = vector.serializedHex;
    if (vector.outcome === 'deserialized') {
      it(`deserializes with the reference id and JSON; verified = ${String(vector.isVerified)}`, () => {
        const tx = deserializeTransactionHex(hex, ctx);
        expect(tx.id).toBe(vector.idComputed);
        expect(transactionToJson(tx)).toEqual(vector.json as TransactionJson);
        expect(verifyTransaction(tx, ctx).verified).toBe(vector.isVerified);
        if ('verifySecondSignature' in vector) {
          expect(verifySecondSignature(tx, secondPublicKey)).toBe(vector.verifySecondSignature);
        }
      });
    } else {
      const reference = vector.error ?? { errorClass: '(missing in the vector)', message: '' };
      it(`throws ${reference.errorClass} → ${expectedCode(reference)}`, () => {
        const error = thrown(() => deserializeTransactionHex(hex, ctx));
        expect(isProtocolError(error)).toBe(true);
        expect(isProtocolError(error) && error.code).toBe(expectedCode(reference));
      });
    }
  } else {
    it(`the builder throws ${vector.error.errorClass} → ${expectedCode(vector.error)}`, () => {
      const draft = builderDrafts[id];
      expect(draft, `a draft for ${id}`).toBeDefined();
      const error = thrown(() => signTransaction(draft!, { passphrase: PASSPHRASE_1 }, ctx));
      expect(isProtocolError(error)).toBe(true);
      expect(isProtocolError(error) && error.code).toBe(expectedCode(vector.error));
      expect((error as Error).message).toMatch(builderMessages[id]!);
    });
  }
});

describe.each(magistrate.negative.map((v) => [v.id, v] as const))(
  'transactions-magistrate.json %s',
  (_id, vector) => {
    it(`is rejected: ${vector.error.errorClass} → ${expectedCode(vector.error)}`, () => {
      const draft: TransactionDraft = {
        typeGroup: 2,
        type: 6,
        nonce: 1n,
        asset: structuredClone(vector.asset),
      };
      const error = thrown(() => signTransaction(draft, { passphrase: PASSPHRASE_1 }, ctx));
      expect(isProtocolError(error)).toBe(true);
      expect(isProtocolError(error) && error.code).toBe(expectedCode(vector.error));
      expect((error as Error).message).toMatch(/^data\.asset/);
    });
  },
);

describe('coverage of the negative vector files', () => {
  it('has a check for every builder-input vector', () => {
    const builderIds = negative.vectors.filter((v) => !('serializedHex' in v)).map((v) => v.id);
    expect(Object.keys(builderDrafts).sort()).toEqual([...builderIds].sort());
  });
});
