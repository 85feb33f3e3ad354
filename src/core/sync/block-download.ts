/**
 * Downloading a run of blocks from one peer (docs/design/sync.md "Download"). Over the public API: the raw headers
 * of a height range in one request (`/blocks?height.from&height.to&orderBy=height:asc&transform=false`), then the
 * raw transactions of the blocks that have some — of many blocks in one request where they fit in a page
 * (`/transactions?blockId=a,b,…&transform=false`: ARK Core 3.9.1's transaction criteria take a list of block ids,
 * core-api `schemas.ts` orEqualCriteria), a block of more than a page on its own
 * (`/blocks/{id}/transactions?transform=false`, paged). Over a node's P2P interface: the whole blocks of one
 * `getBlocks` answer (p2p-blocks.ts). Every header and transaction is rebuilt and its id checked (raw-block.ts); a
 * run that is not contiguous from the height asked is the peer's fault.
 */
import { z } from 'zod';
import { ClientError, type PeerPool, type PeerRequest } from '../client';
import type { HttpAnswer } from '../client/http';
import type { PeerHealth } from '../client/peer-health';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import { peerDataError } from './errors';
import { P2P_BATCH, type P2pBlockSource } from './p2p-blocks';
import { blockFromPeer, headerFromPeer } from './raw-block';

/** ARK's page size limit (ark-core-api.md §2.3). */
export const PAGE_LIMIT = 100;
/** Requests for a run's transactions in flight at the same time. */
export const TRANSACTION_FETCH_CONCURRENCY = 8;
/** Block ids in one `/transactions?blockId=` request at most (a URL of ~1.3 kB with 64-hex ids). */
const BLOCK_IDS_PER_REQUEST = 20;

const rawPage = z.object({ data: z.array(z.unknown()) });

/**
 * Transactions in one run: small enough that the next run downloads and verifies on the workers while this one is
 * applied (a run of 100 full blocks would leave nothing to overlap with), large enough to keep requests few.
 */
const RUN_TRANSACTIONS = 600;

/** The first headers of a batch whose transactions fit in one run (at least one block). */
export function runOf(headers: readonly BlockHeader[]): BlockHeader[] {
  return headers.slice(0, runLength(headers));
}

function runLength(headers: readonly BlockHeader[]): number {
  let transactions = 0;
  let end = 0;
  while (end < headers.length) {
    transactions += headers[end]!.numberOfTransactions;
    if (end > 0 && transactions > RUN_TRANSACTIONS) break;
    end++;
  }
  return end;
}

/**
 * The blocks holding transactions, in requests: blocks whose transactions fit in one page together share one, a
 * block of more than a page has its own (paged).
 */
export function transactionRequests(headers: readonly BlockHeader[]): BlockHeader[][] {
  const groups: BlockHeader[][] = [];
  let group: BlockHeader[] = [];
  let count = 0;
  for (const header of headers) {
    const n = header.numberOfTransactions;
    if (n === 0) continue;
    if (n > PAGE_LIMIT) {
      groups.push([header]);
      continue;
    }
    if (count + n > PAGE_LIMIT || group.length >= BLOCK_IDS_PER_REQUEST) {
      groups.push(group);
      group = [];
      count = 0;
    }
    group.push(header);
    count += n;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /**
   * The spacing of the peer's budget when its run was given to it (run-queue.ts): a peer that slowed since — it
   * announced a lower limit — fails the run's further requests at once (ERR_RATE_LIMITED) instead of holding every
   * run behind it for its slower slots, and the run is asked again of whoever is chosen next (client/rate-budget.ts).
   */
  pace?: number;
}

/** What of the options a request carries. */
function askedWith(options: DownloadOptions): Pick<PeerRequest<unknown>, 'signal' | 'pace'> {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.pace === undefined ? {} : { pace: options.pace }),
  };
}

export class BlockDownload {
  constructor(
    private readonly peerPool: PeerPool,
    private readonly network: Network,
    private readonly p2p?: P2pBlockSource,
  ) {}

  /**
   * Heights above a run's start that one request brings. The answer holds the header at the start as well (the
   * fork check's): a public API's page of PAGE_LIMIT headers, and a getBlocks answer of P2P_BATCH blocks asked
   * after the height below the start (p2p-blocks.ts), each bring one height fewer above it. A full run ends at
   * start + span exactly, which is where the speculated run behind it starts (run-queue.ts): one height further and
   * that run, with every run queued behind it, would be dropped unused.
   */
  spanOf(peer: PeerHealth, batchSize: number): number {
    return this.p2p?.of(peer) === undefined ? Math.min(batchSize, PAGE_LIMIT - 1) : P2P_BATCH - 1;
  }

  /** The first of a batch's headers that make one run: a P2P answer is one run, its blocks already here. */
  runOf(peer: PeerHealth, headers: readonly BlockHeader[]): BlockHeader[] {
    return this.p2p?.of(peer) === undefined ? runOf(headers) : [...headers];
  }

  /**
   * One request. A 4xx here is the peer's failure, not an answer: every route the follower asks exists on an ARK
   * node, for data the peer claims to hold (a 404 on a block's transactions means it cannot serve its own chain).
   */
  private async ask<T>(peer: PeerHealth, request: PeerRequest<T>): Promise<HttpAnswer<T>> {
    try {
      return await this.peerPool.attempt(peer, request);
    } catch (error) {
      if (error instanceof ClientError && error.code === 'ERR_HTTP_4XX') {
        const failure = new ClientError(
          'ERR_HTTP_4XX',
          `it answered ${error.status ?? '4xx'} (${error.message}) for data it claims to hold`,
          {
            url: peer.url,
            ...(error.status === undefined ? {} : { status: error.status }),
          },
        );
        peer.recordFailure(failure);
        throw failure;
      }
      throw error;
    }
  }

  /** The checked headers of heights from..to (inclusive) the peer has, in height order. */
  async headers(
    peer: PeerHealth,
    from: number,
    to: number,
    options: DownloadOptions = {},
  ): Promise<BlockHeader[]> {
    const p2p = this.p2p?.of(peer);
    if (p2p !== undefined) {
      const headers = await this.p2p!.headers(p2p, from, options.signal);
      // Fork resolution asks for ranges; a P2P answer may reach further than asked.
      return headers.filter((header) => header.height <= to);
    }
    const limit = Math.min(PAGE_LIMIT, to - from + 1);
    const answer = await this.ask(peer, {
      method: 'GET',
      route: '/blocks',
      query: {
        'height.from': from,
        'height.to': to,
        orderBy: 'height:asc',
        transform: false,
        limit,
      },
      schema: rawPage,
      ...askedWith(options),
    });
    // More items than the page holds is a lie, refused before any of them is parsed.
    if (answer.value.data.length > limit) {
      throw peerDataError(
        from,
        `asked for at most ${limit} blocks, the peer answered ${answer.value.data.length}`,
      );
    }
    const headers = answer.value.data.map((json) => headerFromPeer(json, this.network));
    headers.forEach((header, index) => {
      if (header.height !== from + index) {
        throw peerDataError(
          from + index,
          `asked for heights ${from}–${to}, the peer answered height ${header.height}`,
        );
      }
    });
    return headers;
  }

  /** A block's raw transactions, every page of them. */
  async transactions(
    peer: PeerHealth,
    header: BlockHeader,
    options: DownloadOptions = {},
  ): Promise<unknown[]> {
    const all: unknown[] = [];
    const pages = Math.ceil(header.numberOfTransactions / PAGE_LIMIT);
    for (let page = 1; page <= pages; page++) {
      const answer = await this.ask(peer, {
        method: 'GET',
        route: `/blocks/${encodeURIComponent(header.id ?? '')}/transactions`,
        query: { transform: false, page, limit: PAGE_LIMIT, orderBy: 'sequence:asc' },
        schema: rawPage,
        ...askedWith(options),
      });
      const data = answer.value.data;
      // Never spread an answer into a call (its length is the peer's choice: a stack overflow), and never take more
      // than a page or the block holds.
      if (data.length > PAGE_LIMIT || all.length + data.length > header.numberOfTransactions) {
        throw peerDataError(
          header.height,
          `the header counts ${header.numberOfTransactions} transactions, the peer served ${all.length + data.length} or more (${data.length} in one page of ${PAGE_LIMIT})`,
        );
      }
      for (const item of data) all.push(item);
      if (data.length < PAGE_LIMIT) break;
    }
    if (all.length !== header.numberOfTransactions) {
      throw peerDataError(
        header.height,
        `the header counts ${header.numberOfTransactions} transactions, the peer served ${all.length}`,
      );
    }
    return all;
  }

  /** The raw transactions of several blocks whose transactions fit in one page, by block id, in one request. */
  async transactionsOfBlocks(
    peer: PeerHealth,
    headers: readonly BlockHeader[],
    options: DownloadOptions = {},
  ): Promise<Map<string, unknown[]>> {
    const byId = new Map<string, unknown[]>(headers.map((header) => [header.id ?? '', []]));
    const expected = headers.reduce((sum, header) => sum + header.numberOfTransactions, 0);
    const first = headers[0]!;
    const answer = await this.ask(peer, {
      method: 'GET',
      route: '/transactions',
      query: {
        blockId: headers.map((header) => header.id ?? ''),
        transform: false,
        page: 1,
        limit: PAGE_LIMIT,
      },
      schema: rawPage,
      ...askedWith(options),
    });
    const data = answer.value.data;
    // Checked before any item is read: a page longer than asked is a lie whatever it holds.
    if (data.length !== expected) {
      const page = data.length > PAGE_LIMIT ? ` in one page of ${PAGE_LIMIT}` : '';
      throw peerDataError(
        first.height,
        `the headers of blocks ${first.height}–${headers.at(-1)!.height} count ${expected} transactions, the peer served ${data.length}${page}`,
      );
    }
    for (const item of data) {
      const blockId =
        typeof item === 'object' && item !== null ? (item as { blockId?: unknown }).blockId : undefined;
      const list = typeof blockId === 'string' ? byId.get(blockId) : undefined;
      if (list === undefined) {
        throw peerDataError(
          first.height,
          `asked for the transactions of ${headers.length} blocks, it served one of block ${String(blockId)}`,
        );
      }
      list.push(item);
    }
    for (const header of headers) {
      const served = byId.get(header.id ?? '')!.length;
      if (served !== header.numberOfTransactions) {
        throw peerDataError(
          header.height,
          `the header counts ${header.numberOfTransactions} transactions, the peer served ${served}`,
        );
      }
    }
    return byId;
  }

  /** Whole blocks for headers already checked. */
  async blocks(
    peer: PeerHealth,
    headers: readonly BlockHeader[],
    options: DownloadOptions = {},
  ): Promise<Block[]> {
    const p2p = this.p2p?.of(peer);
    if (p2p !== undefined) return this.p2p!.blocks(p2p, headers);
    const raw = new Map<string, unknown[]>();
    const requests = transactionRequests(headers);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const group = requests[next++]!;
        if (group.length === 1 && group[0]!.numberOfTransactions > PAGE_LIMIT) {
          raw.set(group[0]!.id ?? '', await this.transactions(peer, group[0]!, options));
        } else {
          for (const [id, list] of await this.transactionsOfBlocks(peer, group, options)) raw.set(id, list);
        }
      }
    };
    await Promise.all(Array.from({ length: TRANSACTION_FETCH_CONCURRENCY }, worker));
    return headers.map((header) =>
      blockFromPeer(
        header,
        header.numberOfTransactions === 0 ? [] : (raw.get(header.id ?? '') ?? []),
        this.network,
      ),
    );
  }
}
