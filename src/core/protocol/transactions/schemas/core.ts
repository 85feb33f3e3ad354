import { z } from 'zod';
import { CoreType } from '../constants';
import {
  absent,
  address,
  base58,
  baseShape,
  hash32Hex,
  int64,
  publicKeyHex,
  u32,
  wellFormed,
} from './common';
import { isPlainTransfer } from './plain-transfer';
import type { TypeRules } from './rules';

/** Crypto schemas of the Core types, typeGroup 1 (protocol reference §5 "Per type"). */

const core = { typeGroup: z.literal(1, { error: 'must be 1 (Core)' }) };
const vendorField = wellFormed.optional();

const transfer = z.object({
  ...baseShape,
  ...core,
  vendorField,
  expiration: u32.optional(),
  recipientId: address,
});

const secondSignature = z.object({
  ...baseShape,
  ...core,
  asset: z.strictObject({ signature: z.strictObject({ publicKey: publicKeyHex }) }),
  secondSignature: absent('a second signature registration cannot carry a secondSignature'),
});

const delegateRegistration = z.object({
  ...baseShape,
  ...core,
  asset: z.strictObject({
    delegate: z.strictObject({
      username: z
        .string()
        .min(1)
        .max(20)
        .regex(/^[a-z0-9!@$&_.]+$/, 'must match pattern "^[a-z0-9!@$&_.]+$"'),
    }),
  }),
});

/**
 * The reference's pattern `^[+|-]` also admits a literal "|", which the serializer writes as an unvote; only
 * "+" and "-" are accepted here so that the JSON always says what the bytes say.
 */
const vote = z.object({
  ...baseShape,
  ...core,
  asset: z.strictObject({
    votes: z
      .array(z.string().regex(/^[+-][a-fA-F0-9]{66}$/, 'must be "+" or "-" followed by a 66-hex public key'))
      .min(1)
      .max(2),
  }),
});

const uniqueKeys = (keys: string[]) => new Set(keys.map((k) => k.toLowerCase())).size === keys.length;

/** The participant-signature count (min ≤ count ≤ publicKeys.length) is checked by validate.ts for signed data. */
const multiSignature = z.object({
  ...baseShape,
  ...core,
  version: z.literal(2),
  asset: z.strictObject({
    multiSignature: z
      .strictObject({
        min: z.number().int().min(1),
        publicKeys: z.array(publicKeyHex).min(1).max(16).refine(uniqueKeys, 'items must be unique'),
      })
      .refine((asset) => asset.min <= asset.publicKeys.length, {
        path: ['min'],
        message: 'must be at most the number of public keys',
      }),
  }),
});

/** Version 1 (historic) multisignature registration. */
const multiSignatureLegacy = z.object({
  ...baseShape,
  ...core,
  version: z.literal(1),
  asset: z.strictObject({
    multiSignatureLegacy: z.strictObject({
      min: z.number().int().min(1).max(16),
      lifetime: z.number().int().min(1).max(72),
      keysgroup: z
        .array(z.string().regex(/^\+[0-9a-fA-F]{66}$/, 'must be "+" followed by a 66-hex public key'))
        .min(1)
        .max(16),
    }),
  }),
});

const ipfs = z.object({ ...baseShape, ...core, asset: z.strictObject({ ipfs: base58(2, 90) }) });

/** The upper bound (milestone multiPaymentLimit) depends on the height and is checked by validate.ts. */
const multiPayment = z.object({
  ...baseShape,
  ...core,
  vendorField,
  asset: z.strictObject({
    payments: z
      .array(z.strictObject({ amount: int64.min(1n), recipientId: address }))
      .min(2, 'must have at least 2 items'),
  }),
});

const delegateResignation = z.object({ ...baseShape, ...core });

const htlcLock = z.object({
  ...baseShape,
  ...core,
  vendorField,
  recipientId: address,
  asset: z.strictObject({
    lock: z.strictObject({
      secretHash: hash32Hex,
      expiration: z.strictObject({
        type: z.union([z.literal(1), z.literal(2)], {
          error: 'must be 1 (EpochTimestamp) or 2 (BlockHeight)',
        }),
        value: u32,
      }),
    }),
  }),
});

const htlcClaim = z.object({
  ...baseShape,
  ...core,
  asset: z.strictObject({ claim: z.strictObject({ lockTransactionId: hash32Hex, unlockSecret: hash32Hex }) }),
});

const htlcRefund = z.object({
  ...baseShape,
  ...core,
  asset: z.strictObject({ refund: z.strictObject({ lockTransactionId: hash32Hex }) }),
});

/** Version-1 vote: the decoder sets recipientId to the sender's address (applyV1Compatibility). */
const voteV1 = vote.extend({ recipientId: address.optional() });

export function coreRules(type: number, version: number): TypeRules | undefined {
  switch (type) {
    case CoreType.Transfer:
      return { schema: transfer, accepts: isPlainTransfer, amount: 'positive', fee: 'positive' };
    case CoreType.SecondSignature:
      return { schema: secondSignature, amount: 'zero', fee: 'positive' };
    case CoreType.DelegateRegistration:
      return { schema: delegateRegistration, amount: 'zero', fee: 'positive' };
    case CoreType.Vote:
      return { schema: version === 1 ? voteV1 : vote, amount: 'zero', fee: 'positive' };
    case CoreType.MultiSignature:
      return {
        schema: version === 1 ? multiSignatureLegacy : multiSignature,
        amount: 'zero',
        fee: 'positive',
      };
    case CoreType.Ipfs:
      return { schema: ipfs, amount: 'zero', fee: 'positive' };
    case CoreType.MultiPayment:
      return { schema: multiPayment, amount: 'zero', fee: 'positive' };
    case CoreType.DelegateResignation:
      return { schema: delegateResignation, amount: 'zero', fee: 'positive' };
    case CoreType.HtlcLock:
      return { schema: htlcLock, amount: 'positive', fee: 'positive' };
    case CoreType.HtlcClaim:
      return { schema: htlcClaim, amount: 'zero', fee: 'zero' };
    case CoreType.HtlcRefund:
      return { schema: htlcRefund, amount: 'zero', fee: 'zero' };
    default:
      return undefined;
  }
}
