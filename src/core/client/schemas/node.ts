/** Node and chain metadata answers (ark-core-api.md §6.1, §9.1–§9.3, §9.7, §9.8). */
import { z } from 'zod';
import { amount, hex64, integer, peerString, publicKey, versionText } from './common';

/** A raw milestone: only `height` is required, the rest is merged from earlier entries (protocol reference §1). */
export const rawMilestone = z.looseObject({
  height: integer.min(1),
  reward: z.union([z.number().int().min(0), z.string().regex(/^\d+$/)]).optional(),
  activeDelegates: integer.min(1).optional(),
  blocktime: integer.min(1).optional(),
  block: z
    .looseObject({
      version: integer.optional(),
      maxTransactions: integer.optional(),
      maxPayload: integer.optional(),
      idFullSha256: z.boolean().optional(),
      acceptExpiredTransactionTimestamps: z.boolean().optional(),
    })
    .optional(),
  epoch: z.string().optional(),
  fees: z.looseObject({ staticFees: z.record(z.string(), z.number().int().min(0)).optional() }).optional(),
  vendorFieldLength: integer.optional(),
  multiPaymentLimit: integer.optional(),
  aip11: z.boolean().optional(),
  htlcEnabled: z.boolean().optional(),
  aip36: z.boolean().optional(),
  aip37: z.boolean().optional(),
});

/** The merged milestone a node reports as `constants` (§9.3): the fields every network needs are present. */
export const constants = rawMilestone.extend({
  reward: z.union([z.number().int().min(0), z.string().regex(/^\d+$/)]),
  activeDelegates: integer.min(1),
  blocktime: integer.min(1),
  epoch: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'expected an ISO date'),
});
export type NetworkConstants = z.output<typeof constants>;

export const nodeConfiguration = z.object({
  core: z.looseObject({ version: versionText }),
  nethash: hex64,
  slip44: integer,
  wif: integer,
  token: peerString(16).pipe(z.string().min(1)),
  symbol: peerString(8),
  explorer: peerString(256).optional(),
  /** The network's address byte (pubKeyHash), not a software version (§9.3). */
  version: integer.min(0).max(255),
  ports: z.record(z.string(), z.number().nullable()),
  constants,
  transactionPool: z.record(z.string(), z.unknown()).optional(),
});
export type NodeConfiguration = z.output<typeof nodeConfiguration>;

export const networkParams = z.object({
  name: z.string().min(1),
  messagePrefix: z.string(),
  bip32: z.object({ public: integer, private: integer }),
  pubKeyHash: integer.min(0).max(255),
  nethash: hex64,
  wif: integer.min(0).max(255),
  slip44: integer,
  aip20: integer.default(0),
  burnAddress: z.string().optional(),
  client: z.object({ token: z.string().min(1), symbol: z.string(), explorer: z.string() }),
});

/**
 * A network's exceptions list as ARK Core 3.9.1 serves it: crypto-networks' `exceptions.json`, whose keys are the
 * ones crypto and core read (protocol/networks/types.ts NetworkExceptions names the file that reads each): lists
 * and tables of ids, a balance per nonce. Strict: a key none of them reads is no rule of the network, and a value
 * of another shape is no list of ids.
 */
export const networkExceptions = z.strictObject({
  blocks: z.array(z.string()).optional(),
  transactions: z.array(z.string()).optional(),
  blocksTransactions: z.record(z.string(), z.array(z.string())).optional(),
  outlookTable: z.record(z.string(), z.string()).optional(),
  transactionIdFixTable: z.record(z.string(), z.string()).optional(),
  wrongTransactionOrder: z.record(z.string(), z.array(z.string())).optional(),
  negativeBalances: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});

/** The genesis block as the crypto configuration carries it; only the summary fields are kept. */
export const genesisSummary = z
  .looseObject({
    id: z.string().min(1),
    height: integer,
    timestamp: integer,
    payloadHash: hex64,
    generatorPublicKey: publicKey,
    numberOfTransactions: integer,
    totalAmount: amount,
  })
  .transform((block) => ({
    id: block.id,
    height: block.height,
    timestamp: block.timestamp,
    payloadHash: block.payloadHash,
    generatorPublicKey: block.generatorPublicKey,
    numberOfTransactions: block.numberOfTransactions,
    totalAmount: block.totalAmount.toString(),
  }));

/** `configManager.all()` (§9.8): network, milestones, exceptions, genesis block. */
export const cryptoConfiguration = z.object({
  network: networkParams,
  milestones: z.array(rawMilestone).min(1),
  exceptions: z.record(z.string(), z.unknown()).optional(),
  genesisBlock: genesisSummary,
});
export type CryptoConfiguration = z.output<typeof cryptoConfiguration>;

export const nodeStatus = z.object({
  synced: z.boolean(),
  now: integer,
  blocksCount: integer,
  timestamp: integer,
});
export type NodeStatus = z.output<typeof nodeStatus>;

export const nodeSyncing = z.object({
  syncing: z.boolean(),
  blocks: integer,
  height: integer,
  id: z.string(),
});
export type NodeSyncing = z.output<typeof nodeSyncing>;

export const blockchain = z.object({
  block: z.object({ height: integer, id: z.string() }),
  supply: amount,
});
export type Blockchain = z.output<typeof blockchain>;

const feeStatistic = z.object({ avg: amount, max: amount, min: amount, sum: amount });
export type FeeStatistic = z.output<typeof feeStatistic>;

/** `/node/fees` (§9.7): `data[typeGroup][handlerKey] = {avg,max,min,sum}`, plus `meta.days`. */
export const nodeFees = z
  .object({
    meta: z.object({ days: integer.optional() }).optional(),
    data: z.record(z.string(), z.record(z.string(), feeStatistic)),
  })
  .transform((answer) => ({ days: answer.meta?.days, byTypeGroup: answer.data }));
export type NodeFees = z.output<typeof nodeFees>;

/** `/transactions/fees` (§9.4): static fees by typeGroup and handler key. */
export const staticFees = z.record(z.string(), z.record(z.string(), amount));
export type StaticFees = z.output<typeof staticFees>;
