/**
 * The monitor's forging order does not depend on the order `/rounds/{id}/delegates` lists them in: ARK Core 3.9.1
 * answers that route in storage order (no ORDER BY), which differs from its ranking after a restart mid-round
 * (found by the interop suite, docs/interop.md).
 */
import { describe, expect, it } from 'vitest';
import type { NodeClient } from '../../src/core/client';
import { RoundOrders } from '../../src/core/monitor/round-orders';
import { shuffleDelegates } from '../../src/core/protocol/rounds';

const key = (i: number) => `03${i.toString(16).padStart(64, '0')}`;

describe('RoundOrders', () => {
  it('ranks the round’s delegates itself (votes desc, public key asc) before shuffling them', async () => {
    // 51 delegates, most with the same weight (as on a fresh testnet): ties decide most of the ranking.
    const ranked = Array.from({ length: 51 }, (_, i) => ({
      publicKey: key(i),
      votes: i < 5 ? 10_000n - BigInt(i) : 1_000n,
    }));
    const scrambled = [...ranked]
      .reverse()
      .sort((a, b) => (a.publicKey.endsWith('7') ? -1 : 0) - (b.publicKey.endsWith('7') ? -1 : 0));
    expect(scrambled.map((d) => d.publicKey)).not.toEqual(ranked.map((d) => d.publicKey));
    const client = { roundDelegates: () => Promise.resolve(scrambled) } as unknown as NodeClient;
    const { order } = await new RoundOrders(() => client).get(9);
    expect(order).toEqual(
      shuffleDelegates(
        ranked.map((d) => d.publicKey),
        9,
      ),
    );
  });
});
