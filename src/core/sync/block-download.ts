/**
 * Downloading a run of blocks from one peer over the public API (docs/design/sync.md "Download"): the raw headers
 * of a height range in one request (`/blocks?height.from&height.to&orderBy=height:asc&transform=false`), then the
 * raw transactions of each block that has some (`/blocks/{id}/transactions?transform=false`, paged), a few blocks
 * at a time. Every header and transaction is rebuilt and its id checked (raw-block.ts); a run that is not
 * contiguous from the height asked is the peer's fault.
 */
import { z } from 'zod';
import { ClientError, type PeerPool, type PeerRequest } from '../client';
import type { HttpAnswer } from '../client/http';
import type { PeerHealth } from '../client/peer-health';
import type { Block, BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import { peerDataError } from './errors';
import { blockFromPeer, headerFromPeer } from './raw-block';

/** ARK's page size limit (ark-core-api.md §2.3). */
export const PAGE_LIMIT = 100;
/** Blocks whose transactions are asked for at the same time. */
export const TRANSACTION_FETCH_CONCURRENCY = 8;

const rawPage = z.object({ data: z.array(z.unknown()) });

/**
 * Transactions in one run: small enough that the next run downloads and verifies on the workers while this one is
 * applied (a run of 100 full blocks would leave nothing to overlap with), large enough to keep requests few.
 */
const RUN_TRANSACTIONS = 600;

/** The first headers of a batch whose transactions fit in one run (at least one block). */
export function runOf(headers: readonly BlockHeader[]): BlockHeader[] {
  let transactions = 0;
  let end = 0;
  while (end < headers.length) {
    transactions += headers[end]!.numberOfTransactions;
    if (end > 0 && transactions > RUN_TRANSACTIONS) break;
    end++;
  }
  return headers.slice(0, end);
}

export interface DownloadOptions {
  signal?: AbortSignal;
}

export class BlockDownload {
  constructor(
    private readonly peerPool: PeerPool,
    private readonly network: Network,
  ) {}

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
      ...(options.signal === undefined ? {} : { signal: options.signal }),
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
        ...(options.signal === undefined ? {} : { signal: options.signal }),
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

  /** Whole blocks for headers already checked. */
  async blocks(
    peer: PeerHealth,
    headers: readonly BlockHeader[],
    options: DownloadOptions = {},
  ): Promise<Block[]> {
    const blocks: Block[] = new Array<Block>(headers.length);
    let next = 0;
    const worker = async () => {
      while (next < headers.length) {
        const index = next++;
        const header = headers[index]!;
        const raw = header.numberOfTransactions === 0 ? [] : await this.transactions(peer, header, options);
        blocks[index] = blockFromPeer(header, raw, this.network);
      }
    };
    await Promise.all(Array.from({ length: TRANSACTION_FETCH_CONCURRENCY }, worker));
    return blocks;
  }
}
