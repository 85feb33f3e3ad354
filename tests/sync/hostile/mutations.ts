/**
 * The catalogue of hostile peers (proxy.ts): each mutation is one attack a public peer can make on the follower,
 * holding no delegate key — from the security review of the follower (forks, freezes, lies, redirects) plus
 * malformed, oversized and slow answers, and a seeded random mix of them all.
 */
import type { ApiChain } from '../../api/support/api-chain';
import { localnet } from '../../../src/core/node/localnet';
import { keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import { computeBlockId, signBlock, type BlockHeader } from '../../../src/core/protocol/blocks';
import { flipHex } from '../support';
import { passThrough, send, type Exchange, type Mutation } from './proxy';

type Json = Record<string, unknown>;

const isBlocksPage = (url: URL) => url.pathname === '/api/blocks';
/** A block's transactions: its own page, or one page of several blocks' (`/api/transactions?blockId=a,b`). */
const isTransactionsPage = (url: URL) =>
  /^\/api\/blocks\/[^/]+\/transactions$/.test(url.pathname) ||
  (url.pathname === '/api/transactions' && url.searchParams.has('blockId'));
const isCrypto = (url: URL) => url.pathname === '/api/node/configuration/crypto';

/** The honest answer with its JSON body rewritten (and headers, e.g. X-Block-Height). */
export function rewrite(
  change: (url: URL, body: Json, headers: Record<string, string>) => unknown,
): Mutation {
  return async ({ url, honest, res }) => {
    const answer = await honest();
    if (answer.status !== 200) return send(res, answer.status, answer.headers, answer.text);
    const headers = { ...answer.headers };
    const body = change(url, JSON.parse(answer.text) as Json, headers);
    await send(res, 200, headers, JSON.stringify(body));
  };
}

/** Claims a height `ahead` blocks above the honest one on every answer (data unchanged). */
export function claimsAhead(ahead: number, inner: Mutation = passThrough): Mutation {
  return async (exchange) => {
    const answer = await exchange.honest();
    const height = Number(answer.headers['x-block-height']);
    const lying: Exchange = {
      ...exchange,
      honest: () =>
        Promise.resolve({
          ...answer,
          headers: { ...answer.headers, 'x-block-height': String(height + ahead) },
        }),
    };
    await inner(lying);
  };
}

/** Claims +`ahead` and answers every page of blocks with `data: []`. */
export const claimsAheadServesEmpty = (ahead = 3): Mutation =>
  claimsAhead(
    ahead,
    rewrite((url, body) => (isBlocksPage(url) ? { ...body, data: [] } : body)),
  );

/** Honest headers, and a 404 for every block's transactions. */
export const notFoundTransactions: Mutation = async (exchange) => {
  if (!isTransactionsPage(exchange.url)) return passThrough(exchange);
  await send(
    exchange.res,
    404,
    { 'content-type': 'application/json' },
    JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Block not found' }),
  );
};

/** Millions of numbers as a block's transactions, just under the client's 16 MiB limit. */
export const millionsOfNumbers: Mutation = async (exchange) => {
  if (!isTransactionsPage(exchange.url)) return passThrough(exchange);
  const count = 7_000_000;
  const body = `{"data":[${'0,'.repeat(count - 1)}0],"meta":{}}`;
  await send(exchange.res, 200, { 'content-type': 'application/json' }, body);
};

/** The honest crypto configuration with another blocktime (same nethash, same genesis). */
export const otherBlocktime = (blocktime = 4): Mutation =>
  rewrite((url, body) => {
    if (!isCrypto(url)) return body;
    const data = body.data as { milestones: Json[] };
    data.milestones = data.milestones.map((milestone, index) =>
      index === 0 ? { ...milestone, blocktime } : milestone,
    );
    return body;
  });

/** Claims a height far above anything the slots allow on every answer. */
export const hugeClaim = (height = 9_007_199_254_740_990): Mutation =>
  rewrite((_url, body, headers) => {
    headers['x-block-height'] = String(height);
    return body;
  });

/** A redirect (302) to `target` on every route. */
export const redirectTo =
  (target: string): Mutation =>
  async ({ url, res }) => {
    await send(res, 302, { location: `${target}${url.pathname}${url.search}` }, '');
  };

/** Half of the honest body. */
export const truncated: Mutation = async ({ honest, res }) => {
  const answer = await honest();
  await send(res, answer.status, answer.headers, answer.text.slice(0, Math.floor(answer.text.length / 2)));
};

/** Every block header's fields of the wrong type (numbers as strings, ids as numbers). */
export const mistyped: Mutation = rewrite((url, body) => {
  if (!isBlocksPage(url)) return body;
  const page = body.data as Json[];
  return {
    ...body,
    data: page.map((block) => ({ ...block, height: String(block.height), id: 12, totalFee: [] })),
  };
});

/** Numbers past anything a block holds (amounts of 1e400, heights past 2^53). */
export const hugeNumbers: Mutation = rewrite((url, body) => {
  if (!isBlocksPage(url)) return body;
  const page = body.data as Json[];
  return {
    ...body,
    data: page.map((block) => ({ ...block, totalAmount: '1'.padEnd(400, '0'), height: 2 ** 60 })),
  };
});

/** The honest body, a few bytes at a time, slower than any timeout. */
export const trickle =
  (bytesPerChunk = 8, delayMs = 200): Mutation =>
  async ({ honest, res }) => {
    const answer = await honest();
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    for (let at = 0; at < answer.text.length && !res.destroyed; at += bytesPerChunk) {
      res.write(answer.text.slice(at, at + bytesPerChunk));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    res.end();
  };

/** 429 with a Retry-After on every route. */
export const rateLimited =
  (retryAfterSeconds: number): Mutation =>
  async ({ res }) => {
    await send(
      res,
      429,
      { 'retry-after': String(retryAfterSeconds) },
      JSON.stringify({ statusCode: 429, message: 'Rate limit exceeded' }),
    );
  };

/**
 * A fake fork: every header from `fromHeight` up is re-forged (by `forge`) with the ids recomputed and chained, so
 * the peer's chain looks whole. Served over the honest pages; with `extra` more headers above the honest tip (so it
 * is "longer"), whose claimed height the answers carry.
 */
function fakeFork(
  chain: ApiChain,
  fromHeight: () => number,
  forge: (header: BlockHeader) => BlockHeader,
  extra: number,
): Mutation {
  const forged = new Map<number, Json>();
  const forgedAt = (height: number, honestJson: Json | undefined): Json | undefined => {
    if (height < fromHeight()) return honestJson;
    const cached = forged.get(height);
    if (cached !== undefined) return cached;
    const honest = chain.node.headerAt(height);
    const base = honest ?? chain.node.headerAt(chain.node.height);
    if (base === undefined) return undefined;
    const previous = height - 1 >= fromHeight() ? forgedAt(height - 1, undefined) : undefined;
    const header = {
      ...base,
      height,
      timestamp: honest?.timestamp ?? base.timestamp + (height - base.height) * chain.blockTime,
      ...(honest === undefined
        ? {
            numberOfTransactions: 0,
            totalAmount: 0n,
            totalFee: 0n,
            payloadLength: 0,
            payloadHash: toHex(new Uint8Array(32)),
          }
        : {}),
      previousBlock: previous === undefined ? base.previousBlock : String(previous.id),
    };
    const made = forge(header);
    const json: Json = {
      ...(honestJson ?? {}),
      id: made.id,
      version: made.version,
      timestamp: made.timestamp,
      height: made.height,
      previousBlock: made.previousBlock,
      numberOfTransactions: made.numberOfTransactions,
      totalAmount: made.totalAmount.toString(),
      totalFee: made.totalFee.toString(),
      reward: made.reward.toString(),
      payloadLength: made.payloadLength,
      payloadHash: made.payloadHash,
      generatorPublicKey: made.generatorPublicKey,
      blockSignature: made.blockSignature,
    };
    forged.set(height, json);
    return json;
  };
  return rewrite((url, body, headers) => {
    const top = chain.node.height + extra;
    if (extra > 0 && headers['x-block-height'] !== undefined) headers['x-block-height'] = String(top);
    if (!isBlocksPage(url)) return body;
    const from = Number(url.searchParams.get('height.from'));
    const to = Math.min(Number(url.searchParams.get('height.to')), top);
    if (!Number.isSafeInteger(from) || from < 1) return body;
    const data: Json[] = [];
    const honestPage = new Map((body.data as Json[]).map((json) => [Number(json.height), json]));
    for (let height = from; height <= to; height++) {
      const json = forgedAt(height, honestPage.get(height));
      if (json === undefined) break;
      data.push(json);
    }
    return { ...body, data };
  });
}

/** One flipped digit in every block signature from `fromHeight` up, ids recomputed and chained. */
export const flippedSignatureFork = (chain: ApiChain, fromHeight: () => number, extra = 0): Mutation =>
  fakeFork(
    chain,
    fromHeight,
    (header) => {
      const flipped = { ...header, blockSignature: flipHex(header.blockSignature ?? '', 20) };
      return { ...flipped, id: computeBlockId(flipped, localnet).id };
    },
    extra,
  );

/** Blocks from `fromHeight` up signed (validly) by a key that is no delegate, ids recomputed and chained. */
export const randomKeyFork = (chain: ApiChain, fromHeight: () => number, extra = 2): Mutation => {
  const keys = keyPairFromPassphrase('a key no delegate holds, for a fake fork');
  const publicKey = toHex(keys.publicKey);
  return fakeFork(
    chain,
    fromHeight,
    (header) => signBlock({ ...header, generatorPublicKey: publicKey }, keys.privateKey, localnet),
    extra,
  );
};

/**
 * Every block's first transaction served under a plugin's type (`typeGroup`, type 3), its id kept: the block's payload
 * hash still verifies, and Votary cannot serialize the type to check it against the id — a claim the follower must
 * not stop on unless a peer of another host confirms it (sync unsupported-claims.ts).
 */
export const relabelledType = (typeGroup: number): Mutation =>
  rewrite((url, body) => {
    if (!isTransactionsPage(url)) return body;
    const seen = new Set<unknown>();
    const data = (body.data as Json[]).map((item) => {
      if (seen.has(item.blockId)) return item;
      seen.add(item.blockId);
      return { ...item, typeGroup, type: 3 };
    });
    return { ...body, data };
  });

/** A mutation per request, chosen by a seeded generator among `choices` (the honest answer among them). */
export function seededMix(seed: number, choices: readonly Mutation[]): Mutation {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: reproducible from the seed alone.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  return (exchange) => choices[Math.floor(next() * choices.length)]!(exchange);
}
