/**
 * The pending list on disk (a restart finds everything persisted):
 * `<dataDir>/profiles/<profile>/pending.json`, so that following a transaction, its expiry and its rebroadcast
 * survive a restart. Only public data is written — the signed transaction JSON a node publishes anyway, statuses,
 * heights and timestamps; never a key (docs/design/architecture.md "Rules"). Writes are atomic (temp file +
 * rename) and
 * serialized; a file that cannot be read back starts an empty list instead of stopping the app.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../../fs/atomic-file';
import type { Network } from '../../protocol/networks';
import { transactionFromJson, transactionToJson, type TransactionJson } from '../../protocol/transactions';
import { transactionKind, type TransactionKind } from '../../../shared/domain/chain-views';
import { pendingStatus, type PendingStatus } from '../../../shared/domain/transactions';

export const PENDING_FILE = 'pending.json';
/** Finished entries (confirmed, rejected, expired) are kept this long after their last broadcast. */
export const PENDING_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many entries; beyond it the oldest finished ones go first, then the oldest open ones. */
export const PENDING_MAX_ENTRIES = 500;

export const FINAL_STATUSES: ReadonlySet<PendingStatus> = new Set(['confirmed', 'rejected', 'expired']);

/** What the app sent: the signed transaction and the facts the pending list shows about it. */
export interface SentTransaction {
  networkId: string;
  walletId?: string;
  sender: string;
  kind: TransactionKind;
  amount: bigint;
  /** An HTLC claim or refund: the amount of the lock it closes, as the review read it before signing. */
  lockAmount?: bigint;
  fee: bigint;
  nonce: bigint;
  recipient?: string;
  json: TransactionJson & { id: string };
  /** Blocks a pool keeps it before dropping it (ARK maxTransactionAge). */
  maxAge: number;
}

/** One tracked transaction as the tracker holds it. */
export interface PendingRecord extends SentTransaction {
  id: string;
  status: PendingStatus;
  reason: string | undefined;
  confirmedHeight: number | undefined;
  /**
   * The node whose word `confirmedHeight` is (its host), when no node of this app verified that block: a remote's
   * claim, read again until it is a round deep (pending-tracker.ts). Undefined for a block this process's node holds.
   */
  reportedBy: string | undefined;
  /** Chain height when it was first sent: no block below it can hold it (pending-answer.ts). */
  sentHeight: number;
  /** Chain height when it was last sent: a pool's age counts from here. */
  broadcastHeight: number;
  createdAt: number;
  lastBroadcastAt: number;
  broadcastCount: number;
}

const decimal = z.string().regex(/^\d{1,30}$/);
const height = z.number().int().min(0);

const storedRecord = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  networkId: z.string().min(1),
  walletId: z.string().optional(),
  sender: z.string().min(1),
  kind: transactionKind,
  amount: decimal,
  // Absent in files written before it was kept, and for every kind but an HTLC claim or refund.
  lockAmount: decimal.optional(),
  fee: decimal,
  nonce: decimal,
  recipient: z.string().optional(),
  // Re-read through the protocol's own JSON parser (below), which is stricter than any schema here.
  json: z.record(z.string(), z.unknown()),
  maxAge: z.number().int().min(1),
  status: pendingStatus,
  reason: z.string().optional(),
  confirmedHeight: height.optional(),
  // Both absent in files written before they were kept.
  reportedBy: z.string().min(1).optional(),
  sentHeight: height.optional(),
  broadcastHeight: height,
  createdAt: z.number(),
  lastBroadcastAt: z.number(),
  broadcastCount: z.number().int().min(1),
});
type StoredRecord = z.output<typeof storedRecord>;

const pendingFileSchema = z.object({ version: z.literal(1), entries: z.array(storedRecord) });

export interface LoadedPending {
  records: PendingRecord[];
  /** Set when the file exists but could not be used (in part or whole): what to tell the person. */
  problem?: string;
}

/**
 * Reads the file. Missing → empty. Unreadable or of the wrong shape → empty with a problem. An entry of a network
 * no longer in the list is dropped silently (nothing can follow it); one whose transaction no longer parses or
 * whose id does not match is dropped with a problem.
 */
export async function loadPending(
  path: string,
  networkOf: (networkId: string) => Network | undefined,
  now: number,
): Promise<LoadedPending> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [] };
    return { records: [], problem: `the pending-transaction list could not be read (${describe(error)})` };
  }
  let parsed;
  try {
    parsed = pendingFileSchema.safeParse(JSON.parse(text));
  } catch (error) {
    return { records: [], problem: `the pending-transaction list is not valid JSON (${describe(error)})` };
  }
  if (!parsed.success) {
    return { records: [], problem: 'the pending-transaction list has an unexpected shape' };
  }
  const records: PendingRecord[] = [];
  let damaged = 0;
  for (const stored of parsed.data.entries) {
    const network = networkOf(stored.networkId);
    if (network === undefined) continue;
    const record = revive(stored, network);
    if (record === undefined) damaged += 1;
    else records.push(record);
  }
  const kept = prunePending(records, now);
  return damaged === 0
    ? { records: kept }
    : { records: kept, problem: `${damaged} damaged entr${damaged === 1 ? 'y was' : 'ies were'} left out` };
}

function revive(stored: StoredRecord, network: Network): PendingRecord | undefined {
  let json: TransactionJson;
  try {
    json = transactionToJson(
      transactionFromJson(stored.json, { network, height: Math.max(1, stored.broadcastHeight) }),
    );
  } catch {
    return undefined;
  }
  // The id is recomputed from the bytes: a record whose id does not match its transaction is not this one.
  if (json.id !== stored.id) return undefined;
  const { walletId, recipient, reason, confirmedHeight, reportedBy, sentHeight, lockAmount, ...rest } =
    stored;
  return {
    ...rest,
    ...(walletId === undefined ? {} : { walletId }),
    ...(recipient === undefined ? {} : { recipient }),
    amount: BigInt(stored.amount),
    ...(lockAmount === undefined ? {} : { lockAmount: BigInt(lockAmount) }),
    fee: BigInt(stored.fee),
    nonce: BigInt(stored.nonce),
    json: { ...json, id: stored.id },
    reason,
    confirmedHeight,
    reportedBy,
    // Not kept before: no floor then, since a rebroadcast moved broadcastHeight past the first send.
    sentHeight: sentHeight ?? 0,
  };
}

/**
 * The bound (a week of history, at most PENDING_MAX_ENTRIES): drops finished entries older than PENDING_KEEP_MS,
 * then, if still too many, the oldest finished entries and last the oldest open ones. Order is kept.
 */
export function prunePending(records: readonly PendingRecord[], now: number): PendingRecord[] {
  const fresh = records.filter(
    (r) => !FINAL_STATUSES.has(r.status) || now - r.lastBroadcastAt <= PENDING_KEEP_MS,
  );
  const excess = fresh.length - PENDING_MAX_ENTRIES;
  if (excess <= 0) return fresh;
  const byAge = [...fresh].sort(
    (a, b) =>
      Number(!FINAL_STATUSES.has(a.status)) - Number(!FINAL_STATUSES.has(b.status)) ||
      a.lastBroadcastAt - b.lastBroadcastAt,
  );
  const dropped = new Set(byAge.slice(0, excess));
  return fresh.filter((r) => !dropped.has(r));
}

function encode(record: PendingRecord): StoredRecord {
  return {
    id: record.id,
    networkId: record.networkId,
    ...(record.walletId === undefined ? {} : { walletId: record.walletId }),
    sender: record.sender,
    kind: record.kind,
    amount: record.amount.toString(),
    ...(record.lockAmount === undefined ? {} : { lockAmount: record.lockAmount.toString() }),
    fee: record.fee.toString(),
    nonce: record.nonce.toString(),
    ...(record.recipient === undefined ? {} : { recipient: record.recipient }),
    json: { ...record.json },
    maxAge: record.maxAge,
    status: record.status,
    ...(record.reason === undefined ? {} : { reason: record.reason }),
    ...(record.confirmedHeight === undefined ? {} : { confirmedHeight: record.confirmedHeight }),
    ...(record.reportedBy === undefined ? {} : { reportedBy: record.reportedBy }),
    sentHeight: record.sentHeight,
    broadcastHeight: record.broadcastHeight,
    createdAt: record.createdAt,
    lastBroadcastAt: record.lastBroadcastAt,
    broadcastCount: record.broadcastCount,
  };
}

/**
 * Serialized, coalescing writer: changes made in one turn of the event loop become one write, and a change made
 * while a write runs is written right after it, so the file always ends at the latest state.
 */
export class PendingFile {
  private running: Promise<void> | undefined;
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly snapshot: () => readonly PendingRecord[],
    private readonly report: { saved: () => void; failed: (error: unknown) => void },
  ) {}

  schedule(): void {
    this.dirty = true;
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once everything scheduled so far is on disk (or failed and was reported). */
  flush(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.dirty) {
      this.dirty = false;
      const body = { version: 1 as const, entries: this.snapshot().map(encode) };
      try {
        await writeFileAtomic(this.path, `${JSON.stringify(body)}\n`);
        this.report.saved();
      } catch (error) {
        this.report.failed(error);
      }
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
