/** Resource shapes of ARK Core 3.x (ark-core-api.md §6.13–§6.19), amounts as bigint (see common.ts). */
import { z } from 'zod';
import { transactionAsset } from './assets';
import { amount, hex64, integer, peerString, timestamp, username, versionText } from './common';

/** Transformed block (§6.13). */
export const block = z.object({
  id: z.string(),
  version: integer,
  height: integer,
  previous: z.string().optional(),
  forged: z.object({ reward: amount, fee: amount, amount, total: amount }),
  payload: z.object({ hash: z.string(), length: integer }),
  generator: z.object({ username: username.optional(), address: z.string(), publicKey: z.string() }),
  signature: z.string().optional(),
  confirmations: integer,
  transactions: integer,
  timestamp,
});
export type BlockAnswer = z.output<typeof block>;

/** Transformed transaction, with or without its block (§6.14 a/b): pool items have no blockId and no timestamp. */
export const transaction = z.object({
  id: hex64,
  blockId: z.string().optional(),
  version: integer,
  type: integer,
  typeGroup: integer,
  amount,
  fee: amount,
  sender: z.string(),
  senderPublicKey: z.string(),
  recipient: z.string(),
  signature: z.string().optional(),
  signSignature: z.string().optional(),
  secondSignature: z.string().optional(),
  signatures: z.array(z.string()).optional(),
  vendorField: z.string().optional(),
  asset: transactionAsset.optional(),
  confirmations: integer,
  timestamp: timestamp.optional(),
  nonce: amount.optional(),
});
export type Transaction = z.output<typeof transaction>;

/** Wallet attributes that screens read (§6.16); any other attribute is kept as it came. */
export const walletAttributes = z.looseObject({
  vote: z.string().optional(),
  secondPublicKey: z.string().optional(),
  delegate: z
    .looseObject({
      username,
      voteBalance: amount.optional(),
      forgedFees: amount.optional(),
      forgedRewards: amount.optional(),
      producedBlocks: integer.optional(),
      rank: integer.optional(),
      round: integer.optional(),
      resigned: z.boolean().optional(),
    })
    .optional(),
  htlc: z.looseObject({ lockedBalance: amount.optional() }).optional(),
  multiSignature: z.looseObject({ min: integer, publicKeys: z.array(z.string()).optional() }).optional(),
});

/** Wallet (§6.16): five fields in 3.x; everything else lives in `attributes`. */
export const wallet = z.object({
  address: z.string(),
  publicKey: z.string().optional(),
  balance: amount,
  nonce: amount,
  attributes: walletAttributes.default({}),
});
export type WalletAnswer = z.output<typeof wallet>;

/** Delegate (§6.15). */
export const delegate = z.object({
  username,
  address: z.string(),
  publicKey: z.string(),
  votes: amount,
  rank: integer.optional(),
  isResigned: z.boolean(),
  blocks: z.object({
    produced: integer,
    last: z.object({ id: z.string(), height: integer, timestamp }).optional(),
  }),
  production: z.object({ approval: z.number() }),
  forged: z.object({ fees: amount, rewards: amount, total: amount }),
});
export type Delegate = z.output<typeof delegate>;

/** HTLC lock (§6.17). */
export const lock = z.object({
  lockId: hex64,
  senderPublicKey: z.string(),
  isExpired: z.boolean(),
  amount,
  secretHash: z.string(),
  recipientId: z.string(),
  timestamp,
  expirationType: integer,
  expirationValue: integer,
  vendorField: z.string().optional(),
});
export type Lock = z.output<typeof lock>;

/** Peer (§6.19). */
export const peer = z.object({
  ip: peerString(64),
  port: integer,
  ports: z.record(z.string(), z.number().nullable()).optional(),
  version: versionText,
  height: integer,
  latency: z.number(),
  plugins: z.record(z.string(), z.unknown()).optional(),
});
export type Peer = z.output<typeof peer>;

/** `/rounds/{id}/delegates` (§6.11). */
export const roundDelegate = z.object({ publicKey: z.string(), votes: amount });
export type RoundDelegate = z.output<typeof roundDelegate>;
