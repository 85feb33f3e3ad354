import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localnet } from '../../src/core/node/localnet';
import { CoreType, signTransaction, transactionToJson } from '../../src/core/protocol/transactions';
import {
  loadPending,
  PENDING_KEEP_MS,
  PENDING_MAX_ENTRIES,
  PendingFile,
  prunePending,
  type PendingRecord,
} from '../../src/core/services/transactions/pending-store';
import { removeDir, tempDir } from './support';

const NOW = 1_900_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

function signed(nonce: bigint): PendingRecord['json'] {
  const tx = signTransaction(
    { type: CoreType.Transfer, nonce, amount: 1n, recipientId: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4' },
    { passphrase: 'pending store test passphrase' },
    { network: localnet, height: 1 },
  );
  return { ...transactionToJson(tx), id: tx.id ?? '' };
}

function record(nonce: bigint, status: PendingRecord['status'], lastBroadcastAt: number): PendingRecord {
  const json = signed(nonce);
  return {
    id: json.id,
    networkId: 'embedded',
    sender: 'DSender',
    kind: 'transfer',
    amount: 1n,
    fee: BigInt(json.fee),
    nonce,
    json,
    maxAge: 2_700,
    status,
    reason: undefined,
    confirmedHeight: status === 'confirmed' ? 10 : undefined,
    // A confirmed one here is a remote node's claim: whose word it is is kept too.
    reportedBy: status === 'confirmed' ? 'node.example:4003' : undefined,
    sentHeight: 4,
    broadcastHeight: 5,
    createdAt: lastBroadcastAt,
    lastBroadcastAt,
    broadcastCount: 1,
  };
}

/** Stand-ins for the bound test (one signature for all): pruning only looks at status and time. */
const template = record(1n, 'broadcast', NOW);
function cheap(index: number, status: PendingRecord['status'], at: number): PendingRecord {
  return { ...template, id: `${index}`, nonce: BigInt(index), status, createdAt: at, lastBroadcastAt: at };
}

describe('pending-list bound', () => {
  it('drops finished entries older than a week and keeps open ones however old', () => {
    const old = NOW - PENDING_KEEP_MS - 1;
    const kept = prunePending(
      [cheap(1, 'confirmed', old), cheap(2, 'in-pool', old), cheap(3, 'expired', NOW - DAY)],
      NOW,
    );
    expect(kept.map((r) => r.id)).toEqual(['2', '3']);
  });

  it('beyond the maximum, the oldest finished entries go first, then the oldest open ones', () => {
    const many = Array.from({ length: PENDING_MAX_ENTRIES + 2 }, (_, i) =>
      cheap(i, i < 3 ? 'broadcast' : 'confirmed', NOW - i * 1000),
    );
    const kept = prunePending(many, NOW);
    expect(kept).toHaveLength(PENDING_MAX_ENTRIES);
    // The two oldest confirmed (highest index) went; all three open ones stayed.
    expect(kept.some((r) => r.id === `${PENDING_MAX_ENTRIES + 1}`)).toBe(false);
    expect(kept.some((r) => r.id === `${PENDING_MAX_ENTRIES}`)).toBe(false);
    expect(kept.filter((r) => r.status === 'broadcast')).toHaveLength(3);

    const open = Array.from({ length: PENDING_MAX_ENTRIES + 1 }, (_, i) => cheap(i, 'in-pool', NOW - i));
    expect(prunePending(open, NOW).map((r) => r.id)).not.toContain(`${PENDING_MAX_ENTRIES}`);
  });
});

describe('pending file', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeDir));
  const fileIn = () => {
    const dir = tempDir();
    dirs.push(dir);
    return join(dir, 'pending.json');
  };
  const networkOf = (id: string) => (id === 'embedded' ? localnet : undefined);

  it('writes the latest state once per burst of changes and reads it back', async () => {
    const path = fileIn();
    const records = [record(1n, 'broadcast', NOW)];
    let saves = 0;
    const file = new PendingFile(path, () => records, {
      saved: () => (saves += 1),
      failed: (error) => {
        throw error;
      },
    });
    file.schedule();
    records.push(record(2n, 'confirmed', NOW));
    file.schedule();
    await file.flush();
    expect(saves).toBe(1);
    const loaded = await loadPending(path, networkOf, NOW);
    expect(loaded.problem).toBeUndefined();
    expect(loaded.records).toEqual(records);
  });

  it('leaves out entries of a removed network silently and a damaged entry with a problem', async () => {
    const path = fileIn();
    const good = record(1n, 'in-pool', NOW);
    const other = { ...record(2n, 'in-pool', NOW), networkId: 'gone' };
    const forged = { ...record(3n, 'in-pool', NOW), id: record(4n, 'in-pool', NOW).id };
    const file = new PendingFile(path, () => [good, other, forged], {
      saved: () => undefined,
      failed: () => undefined,
    });
    file.schedule();
    await file.flush();
    const loaded = await loadPending(path, networkOf, NOW);
    expect(loaded.records.map((r) => r.id)).toEqual([good.id]);
    expect(loaded.problem).toBe('1 damaged entry was left out');
  });

  it('keeps the amount a claim or refund moves, and still loads files written before it was kept', async () => {
    const path = fileIn();
    const claim: PendingRecord = {
      ...record(1n, 'in-pool', NOW),
      kind: 'htlcClaim',
      amount: 0n,
      lockAmount: 500_000_000n,
    };
    const file = new PendingFile(path, () => [claim], { saved: () => undefined, failed: () => undefined });
    file.schedule();
    await file.flush();
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { entries: Record<string, unknown>[] };
    expect(saved.entries[0]?.lockAmount).toBe('500000000');
    expect((await loadPending(path, networkOf, NOW)).records[0]?.lockAmount).toBe(500_000_000n);

    // A file of an earlier version of the app: no lockAmount at all.
    delete saved.entries[0]?.lockAmount;
    writeFileSync(path, JSON.stringify(saved));
    const old = await loadPending(path, networkOf, NOW);
    expect(old.problem).toBeUndefined();
    expect(old.records).toHaveLength(1);
    expect(old.records[0]?.lockAmount).toBeUndefined();
  });

  it('loads files written before the first send height and the reporting node were kept', async () => {
    const path = fileIn();
    const file = new PendingFile(path, () => [record(1n, 'confirmed', NOW)], {
      saved: () => undefined,
      failed: () => undefined,
    });
    file.schedule();
    await file.flush();
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { entries: Record<string, unknown>[] };
    expect(saved.entries[0]).toMatchObject({ reportedBy: 'node.example:4003', sentHeight: 4 });
    delete saved.entries[0]?.reportedBy;
    delete saved.entries[0]?.sentHeight;
    writeFileSync(path, JSON.stringify(saved));
    const old = await loadPending(path, networkOf, NOW);
    expect(old.problem).toBeUndefined();
    // No floor for an old entry: a rebroadcast may have moved broadcastHeight past the block that holds it.
    expect(old.records[0]).toMatchObject({ sentHeight: 0, reportedBy: undefined, confirmedHeight: 10 });
  });

  it('a missing file is an empty list; an unreadable one is an empty list with a problem', async () => {
    const path = fileIn();
    expect(await loadPending(path, networkOf, NOW)).toEqual({ records: [] });
    writeFileSync(path, JSON.stringify({ version: 2, entries: [] }));
    expect(await loadPending(path, networkOf, NOW)).toMatchObject({
      records: [],
      problem: /unexpected shape/,
    });
    expect(readFileSync(path, 'utf8')).toContain('"version":2');
  });
});
