/**
 * POST /transactions (ark-core-api.md §7; public-api.md §4.3): 1–40 transactions, each a signed transaction
 * JSON (ARK's form) or a serialized transaction in hex (the spec's form), handed one by one to the node's pool.
 * The answer is always 200 with ARK's `accept/broadcast/excess/invalid` and `errors` keyed by id. An item that
 * cannot be decoded is `invalid` with ERR_BAD_DATA (ARK rejects the whole request instead).
 */
import type { FastifyInstance } from 'fastify';
import type { AddTransactionsResult } from '../../node/pool';
import { isProtocolError } from '../../protocol/errors';
import { fromHex } from '../../protocol/hex';
import { transactionFromJson, type TransactionData } from '../../protocol/transactions';
import type { ApiContext } from '../context';

/** ARK's maxTransactionsPerRequest. */
export const MAX_TRANSACTIONS_PER_REQUEST = 40;

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

type Decoded = { item: Uint8Array | TransactionData } | { key: string; type: string; message: string };

function decodeItem(ctx: ApiContext, item: unknown, index: number): Decoded {
  const pubKeyHash = ctx.network.network.pubKeyHash;
  if (typeof item === 'string') {
    if (item.length % 2 !== 0) {
      return {
        key: String(index),
        type: 'ERR_BAD_DATA',
        message: 'Invalid transaction data: odd number of hex digits',
      };
    }
    try {
      return { item: fromHex(item, 'serialized transaction') };
    } catch (error) {
      if (!isProtocolError(error)) throw error;
      return {
        key: String(index),
        type: 'ERR_BAD_DATA',
        message: `Invalid transaction data: ${error.message}`,
      };
    }
  }
  const json = item as Record<string, unknown>;
  const key = typeof json.id === 'string' ? json.id : String(index);
  if (typeof json.network === 'number' && json.network !== pubKeyHash) {
    return {
      key,
      type: 'ERR_WRONG_NETWORK',
      message: `network ${json.network} doesn't match node's network ${pubKeyHash}`,
    };
  }
  try {
    const height = ctx.node.store.height() + 1;
    return { item: transactionFromJson(json, { network: ctx.network, height }, { strict: false }) };
  } catch (error) {
    if (!isProtocolError(error)) throw error;
    return { key, type: 'ERR_BAD_DATA', message: `Invalid transaction data: ${error.message}` };
  }
}

export function postTransactionsRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/transactions', { schema: { body: bodySchema } }, async (request) => {
    const { transactions } = request.body as { transactions: unknown[] };
    const result: AddTransactionsResult = { accept: [], broadcast: [], excess: [], invalid: [], errors: {} };
    const items = transactions.map((raw, index) => decodeItem(ctx, raw, index));
    // The batch's signatures are checked on every core first; admission below then finds the verdicts.
    await ctx.node.prefetchSignatures?.(
      items.flatMap((decoded) => ('item' in decoded ? [decoded.item] : [])),
    );
    items.forEach((decoded) => {
      if (!('item' in decoded)) {
        result.invalid.push(decoded.key);
        result.errors[decoded.key] = { type: decoded.type, message: decoded.message };
        return;
      }
      // One at a time, in order: each is independent (ARK's processor), and the answer keeps the request's order.
      const one = ctx.node.addTransactions([decoded.item]);
      result.accept.push(...one.accept);
      result.broadcast.push(...one.broadcast);
      result.excess.push(...one.excess);
      result.invalid.push(...one.invalid);
      Object.assign(result.errors, one.errors);
    });
    const { errors, ...data } = result;
    // ARK omits `errors` entirely when there are none.
    return Object.keys(errors).length > 0 ? { data, errors } : { data };
  });
}
