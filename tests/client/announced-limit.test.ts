/**
 * A remote ARK Core peer's own limit, kept without being configured (client/peer-pool.ts, peer-budgets.ts,
 * rate-budget.ts): against a fake that rate-limits as core-api 3.9.1 does (100 a minute per client, fixed windows,
 * 429 beyond), a wallet's pools ask no faster than the peer allows — one pool alone, two pools of the same process
 * together, and after a burst sent before the limit was known — and every read is answered, paced, not refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeClient, PeerBudgets } from '../../src/core/client';
import { arkLimiter, busiestWindow } from './support/ark-limiter';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

const PEER = 'http://ark.test:4003';

/**
 * `count` reads of /node/syncing from each client every `everyMs`, `rounds` times (as pollers and screens ask), not
 * awaited.
 */
async function asking(
  clients: NodeClient | NodeClient[],
  count: number,
  everyMs: number,
  rounds: number,
): Promise<Promise<unknown>[]> {
  const reads: Promise<unknown>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const client of [clients].flat()) {
      for (let i = 0; i < count; i++) reads.push(client.syncing().catch((error: unknown) => error));
    }
    await vi.advanceTimersByTimeAsync(everyMs);
  }
  return reads;
}

/** The same, then every answer (or error) once they are all in. */
async function ask(
  clients: NodeClient | NodeClient[],
  count: number,
  everyMs: number,
  rounds: number,
): Promise<unknown[]> {
  const reads = await asking(clients, count, everyMs, rounds);
  await vi.advanceTimersByTimeAsync(5 * 60_000);
  return Promise.all(reads);
}

/** No 429, every read answered, and no minute holding more than ARK's 100 requests. */
function expectWithinLimit(ark: ReturnType<typeof arkLimiter>, answers: readonly unknown[]): void {
  expect(ark.refused()).toBe(0);
  expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
  expect(
    busiestWindow(
      ark.asked.map((ask) => ask.at),
      60_000,
    ),
  ).toBeLessThanOrEqual(100);
}

describe('a remote peer that announces its limit', () => {
  it('is asked no faster than it allows, from its first answer on, and every read is answered', async () => {
    const ark = arkLimiter();
    const client = new NodeClient([PEER], { fetch: ark.fetch, now: () => Date.now() });
    const answers = await ask(client, 8, 4_000, 30); // 120 reads a minute for two minutes
    expectWithinLimit(ark, answers);
  });

  it('is kept within its limit by the pools of one process together, when they share its budget', async () => {
    const ark = arkLimiter();
    const budgets = new PeerBudgets();
    const options = { fetch: ark.fetch, now: () => Date.now(), budgets };
    // A network's reads and the monitor's probe of the same node (one attempt, as node-probe.ts asks).
    const reads = new NodeClient([PEER], options);
    const probe = new NodeClient([PEER], { ...options, maxAttempts: 1 });
    const answers = await ask([reads, probe], 4, 4_000, 30);
    expectWithinLimit(ark, answers);
  });

  it('waits for the window’s end once what the peer said is left of it is spent', async () => {
    const ark = arkLimiter();
    const client = new NodeClient([PEER], { fetch: ark.fetch, now: () => Date.now() });
    // 90 sent at once, before any answer said there was a limit (as an app that just started may), then a poller.
    const burst = await asking(client, 90, 0, 1);
    const polls = await asking(client, 5, 4_000, 15);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const answers = await Promise.all([...burst, ...polls]);
    expect(ark.refused()).toBe(0);
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    // The window the burst opened held no more than the peer allows, and the next one took the rest.
    const first = ark.asked[0]!.at;
    expect(ark.asked.filter((ask) => ask.at < first + 60_000)).toHaveLength(100);
  });
});
