/**
 * A followed network's genesis block, from the crypto configuration a peer serves (docs/design/sync.md
 * "Discovery"). Two ways to trust it:
 *
 * - **It hashes to the nethash**: every transaction decodes and verifies, the payload hash over their ids is the
 *   nethash, and the block passes `Block.verify()` (except the reward rule: the genesis block is the chain's given,
 *   not a forger's claim, and a network may pay a reward from height 1, as Votary's localnet does).
 * - **It is a preset Votary ships** (mainnet, devnet, testnet): those genesis blocks predate the current
 *   serialization, so their transactions no longer hash to their ids and their payload hash is not the hash of the
 *   ids (protocol.md §6.3, "treat the genesis block as given by config"). Then the nethash, id, transaction count and
 *   total must be the preset's, the block signature must verify, and the transactions keep their configured ids.
 *
 * Anything else is refused: nothing starts on a genesis block that cannot be checked.
 */
import {
  payloadHash,
  verifyBlock,
  verifyBlockSignature,
  type Block,
  type BlockHeader,
} from '../protocol/blocks';
import { networkByName, type Network } from '../protocol/networks';
import { transactionFromJson, type TransactionData } from '../protocol/transactions';
import { SyncError } from './errors';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function genesisError(message: string): SyncError {
  return new SyncError('ERR_SYNC_NETWORK', `the genesis block ${message}`);
}

/**
 * A genesis transaction as ARK's crypto-networks write them: version 1 without `network` (its serializer writes the
 * configured pubKeyHash then, crypto `transactions/serializer.ts`), with an empty `asset` on transfers and the
 * sender's key repeated in delegate registrations. What is dropped is not serialized. Mainnet's and devnet's carry
 * no `version` either (crypto-networks' `genesisBlock.json`): a transaction without one is version 1 (crypto
 * `transactions/serializer.ts` serializeCommon), as raw-block.ts reads a served one.
 */
function genesisTransactionJson(json: JsonObject, pubKeyHash: number): JsonObject {
  const tx: JsonObject = { network: pubKeyHash, version: 1, ...json };
  const asset = tx.asset;
  if (isObject(asset)) {
    if (Object.keys(asset).length === 0) delete tx.asset;
    const delegate = asset.delegate;
    if (isObject(delegate) && 'publicKey' in delegate) {
      const { publicKey: _repeated, ...rest } = delegate;
      tx.asset = { ...asset, delegate: rest };
    }
  }
  return tx;
}

/** The summary a Network carries of its genesis block. */
export function genesisSummary(header: BlockHeader): Network['genesisBlock'] {
  return {
    id: header.id ?? '',
    height: header.height,
    timestamp: header.timestamp,
    payloadHash: header.payloadHash,
    generatorPublicKey: header.generatorPublicKey,
    numberOfTransactions: header.numberOfTransactions,
    totalAmount: header.totalAmount.toString(),
  };
}

/**
 * Version 1 transactions carry no nonce; ARK numbers them per sender in block order when it stores them (testnet's
 * genesis wallet shows nonce 51 after its 51 transfers, and its transactions nonces 1…51), so the API answers the
 * same. The bytes, and so the ids, do not include it.
 */
function numberLegacyTransactions(transactions: TransactionData[]): void {
  const sent = new Map<string, bigint>();
  for (const tx of transactions) {
    if (tx.version !== 1) continue;
    const nonce = (sent.get(tx.senderPublicKey) ?? 0n) + 1n;
    sent.set(tx.senderPublicKey, nonce);
    tx.nonce = nonce;
  }
}

/** The genesis block of `network` from its JSON (its header parsed already), checked one of the two ways above. */
export function checkedGenesis(json: JsonObject, header: BlockHeader, network: Network): Block {
  let transactions: TransactionData[];
  const served = Array.isArray(json.transactions) ? json.transactions : [];
  try {
    transactions = served.map((tx, index) => {
      if (!isObject(tx)) throw new Error(`transaction ${index} is not an object`);
      return transactionFromJson(
        genesisTransactionJson(tx, network.network.pubKeyHash),
        { network, height: 1 },
        {
          genesis: true,
        },
      );
    });
  } catch (error) {
    throw genesisError(`is malformed: ${error instanceof Error ? error.message : String(error)}`);
  }
  numberLegacyTransactions(transactions);
  const nethash = network.network.nethash;
  if (header.height !== 1) throw genesisError(`has height ${header.height}`);
  if (header.payloadHash !== nethash)
    throw genesisError(`has the payload hash ${header.payloadHash}, not the nethash ${nethash}`);
  const block: Block = { header, transactions };

  if (payloadHash(transactions.map((tx) => tx.id ?? '')) === nethash) {
    const errors = verifyBlock(block, network, { now: Number.MAX_SAFE_INTEGER }).errors.filter(
      (error) => !error.startsWith('Invalid block reward'),
    );
    if (errors.length > 0) throw genesisError(`is not valid: ${errors.join('; ')}`);
    return block;
  }

  const preset = networkByName(network.network.name);
  const shipped = preset?.network.nethash === nethash ? preset.genesisBlock : undefined;
  if (shipped === undefined) {
    throw genesisError(
      `does not hash to the nethash ${nethash} (its transactions' ids give another payload hash), and it is not ` +
        'the genesis block of a network Votary ships: it cannot be checked',
    );
  }
  if (
    shipped.id !== header.id ||
    shipped.numberOfTransactions !== header.numberOfTransactions ||
    shipped.totalAmount !== header.totalAmount.toString() ||
    transactions.length !== header.numberOfTransactions
  ) {
    throw genesisError(`differs from the ${network.network.name} genesis block Votary ships`);
  }
  if (!verifyBlockSignature(header, network)) throw genesisError('has an invalid signature');
  // The signed header's totals bind the transactions' amounts and fees.
  const sum = (of: (tx: TransactionData) => bigint) => transactions.reduce((total, tx) => total + of(tx), 0n);
  if (sum((tx) => tx.amount) !== header.totalAmount || sum((tx) => tx.fee) !== header.totalFee) {
    throw genesisError("has transactions whose amounts or fees do not add up to its header's totals");
  }
  // ARK stores and serves the preset genesis block's parent as "0" (ark-core-api.md §6.13), the JSON has null.
  header.previousBlock ??= '0';
  // The configured ids, as ARK stores and serves them.
  served.forEach((tx, index) => {
    const id = isObject(tx) ? tx.id : undefined;
    if (typeof id !== 'string' || !/^[0-9a-f]{64}$/.test(id))
      throw genesisError(`transaction ${index} has no id`);
    transactions[index]!.id = id;
  });
  return block;
}
