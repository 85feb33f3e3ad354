/**
 * POST /transactions (ark-core-api.md §7; public-api.md §4.3): 1–40 transactions, each a signed transaction
 * JSON (ARK's form) or a serialized transaction in hex (the spec's form), handed one by one to the node's pool.
 * The answer is always 200 with ARK's `accept/broadcast/excess/invalid` and `errors` keyed by id. An item that
 * cannot be decoded is `invalid` with ERR_BAD_DATA (ARK rejects the whole request instead).
 */
import type { FastifyInstance } from 'fastify';
import { PoolError, decodeIncoming, wrongNetwork, type DecodeResult } from '../../node/transaction-pool';
import type { ChainContext } from '../../protocol/networks';
import { isProtocolError } from '../../protocol/errors';
import { fromHex } from '../../protocol/hex';
import { transactionCheck } from '../../parallel/signature-checks';
import { transactionAndBytesFromJson } from '../../protocol/transactions';
import type { ApiContext } from '../context';

import { MAX_TRANSACTIONS_PER_REQUEST } from '../../query';

export { MAX_TRANSACTIONS_PER_REQUEST };

/** The body schema, with ARK's ajv-6 wording (§7 "Validation"). */
const bodySchema = {
  type: 'object',
  required: ['transactions'],
  properties: {
    transactions: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_TRANSACTIONS_PER_REQUEST,
      items: {
        anyOf: [
          { type: 'object' },
          {
            type: 'string',
            pattern: '^[0-9a-fA-F]+$',
            'x-messages': { pattern: '"{label}" must be a serialized transaction in hex' },
          },
        ],
        'x-messages': { anyOf: '"{label}" must be a transaction object or a serialized transaction in hex' },
      },
      'x-messages': {
        type: 'should be array',
        minItems: `should NOT have fewer than 1 items`,
        maxItems: `should NOT have more than ${MAX_TRANSACTIONS_PER_REQUEST} items`,
      },
    },
  },
  'x-messages': { type: 'should be object', required: "should have required property 'transactions'" },
};

function badData(key: string, message: string): DecodeResult {
  return { key, error: new PoolError('ERR_BAD_DATA', `Invalid transaction data: ${message}`) };
}

/** One item, decoded once: its bytes and data go to the signature prefetch and then to the pool as they are. */
function decodeItem(chain: ChainContext, item: unknown, index: number): DecodeResult {
  const pubKeyHash = chain.network.network.pubKeyHash;
  if (typeof item === 'string') {
    if (item.length % 2 !== 0) return badData(String(index), 'odd number of hex digits');
    let bytes: Uint8Array;
    try {
      bytes = fromHex(item, 'serialized transaction');
    } catch (error) {
      if (!isProtocolError(error)) throw error;
      return badData(String(index), error.message);
    }
    return decodeIncoming(bytes, index, chain);
  }
  const json = item as Record<string, unknown>;
  const key = typeof json.id === 'string' ? json.id : String(index);
  if (typeof json.network === 'number' && json.network !== pubKeyHash) {
    return { key, error: wrongNetwork(json.network, pubKeyHash) };
  }
  try {
    const { tx, bytes } = transactionAndBytesFromJson(json, chain, { strict: false });
    // The id is the one the bytes give (deserializing computed it), as ARK's TransactionFactory.fromData. The bytes
    // were serialized here from the transaction, so its signing hash is read from them.
    const signatureCheck = transactionCheck(tx, bytes);
    const candidate = {
      id: tx.id ?? key,
      tx,
      bytes,
      ...(signatureCheck === undefined ? {} : { signatureCheck }),
    };
    return { key: tx.id ?? key, candidate };
  } catch (error) {
    if (!isProtocolError(error)) throw error;
    return badData(key, error.message);
  }
}

export function postTransactionsRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/transactions', { schema: { body: bodySchema } }, async (request) => {
    const { transactions } = request.body as { transactions: unknown[] };
    // Every item is decoded for the next block's height, read once for the request.
    const chain = { network: ctx.network, height: ctx.queries.of.node.height() + 1 };
    const items = transactions.map((raw, index) => decodeItem(chain, raw, index));
    // The batch's signatures are checked on every core first; admission below then finds the verdicts.
    await ctx.node.prefetchSignatures?.(
      items.flatMap((decoded) => ('candidate' in decoded ? [decoded.candidate] : [])),
    );
    // Each independently and in order (ARK's processor); the answer keeps the request's order. The rows are
    // committed before the answer, with those of other requests ready at the same time where the node groups them.
    const { errors, ...data } =
      ctx.node.addDecodedGrouped === undefined
        ? ctx.node.addDecoded(items)
        : await ctx.node.addDecodedGrouped(items);
    // A follower hands what it accepted to its peers (context.ts ApiSyncSource.relay).
    if (ctx.sync !== undefined && data.broadcast.length > 0) {
      const relayed = new Set(data.broadcast);
      ctx.sync.relay(
        items.flatMap((decoded) =>
          'candidate' in decoded && relayed.has(decoded.key) ? [decoded.candidate.tx] : [],
        ),
      );
    }
    // ARK omits `errors` entirely when there are none.
    return Object.keys(errors).length > 0 ? { data, errors } : { data };
  });
}
