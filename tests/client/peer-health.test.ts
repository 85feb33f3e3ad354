import { describe, expect, it } from 'vitest';
import {
  ClientError,
  DEFAULT_PEER_HEALTH_OPTIONS,
  PeerHealth,
  type PeerHealthOptions,
} from '../../src/core/client';
import { fakeClock } from './support/fake-node';

function health(overrides: Partial<PeerHealthOptions> = {}) {
  const clock = fakeClock();
  const peer = new PeerHealth('http://127.0.0.1:1', {
    ...DEFAULT_PEER_HEALTH_OPTIONS,
    now: () => clock.now,
    random: () => 1 - Number.EPSILON,
    ...overrides,
  });
  return { clock, peer };
}

const failure = new ClientError('ERR_NETWORK', 'cannot reach it');

describe('PeerHealth', () => {
  it('starts neutral and moves with evidence; evidence fades with the half-life', () => {
    const { clock, peer } = health();
    expect(peer.health()).toBe(0.5);
    peer.recordFailure(failure);
    peer.recordFailure(failure);
    expect(peer.health()).toBeCloseTo(1 / 4);
    clock.advance(60_000); // one half-life: two failures weigh one
    expect(peer.health()).toBeCloseTo(1 / 3);
    clock.advance(600_000);
    expect(peer.health()).toBeCloseTo(0.5, 2);
    peer.recordSuccess(40, 123);
    expect(peer.health()).toBeGreaterThan(0.6);
    expect(peer.status().height).toBe(123);
  });

  it('averages latency with an EWMA and scores faster peers higher', () => {
    const { peer: fast } = health();
    const { peer: slow } = health();
    fast.recordSuccess(10, undefined);
    slow.recordSuccess(400, undefined);
    expect(fast.score()).toBeGreaterThan(slow.score());
    slow.recordSuccess(100, undefined);
    expect(slow.status().latencyMs).toBeCloseTo(0.3 * 100 + 0.7 * 400);
  });

  it('backs off exponentially with jitter, capped, and forgets it on success', () => {
    const samples: number[] = [];
    for (const random of [0, 0.5, 1 - Number.EPSILON]) {
      const { clock, peer } = health({ random: () => random });
      const delays: number[] = [];
      for (let i = 0; i < 8; i++) {
        peer.recordFailure(failure);
        delays.push(peer.backoffUntil()! - clock.now);
      }
      samples.push(...delays);
      // Equal jitter: between half and all of min(max, base·2^(n-1)).
      delays.forEach((delay, i) => {
        const ceiling = Math.min(60_000, 1_000 * 2 ** i);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      });
      expect(peer.isBackingOff()).toBe(true);
      expect(peer.status().consecutiveFailures).toBe(8);
      peer.recordSuccess(5, undefined);
      expect(peer.isBackingOff()).toBe(false);
      expect(peer.status().backoffUntil).toBeUndefined();
    }
    expect(new Set(samples).size).toBeGreaterThan(8);
  });

  it('honours Retry-After on 429 without counting it as ill health', () => {
    const { clock, peer } = health();
    peer.recordRateLimit(new ClientError('ERR_RATE_LIMITED', 'slow down', { retryAfter: 12.5 }));
    expect(peer.isRateLimited()).toBe(true);
    expect(peer.rateLimitRemaining()).toBeCloseTo(12.5);
    expect(peer.health()).toBe(0.5);
    expect(peer.status()).toMatchObject({ rateLimited: true, backoffUntil: clock.now + 12_500 });
    expect(peer.status().lastError?.code).toBe('ERR_RATE_LIMITED');
    clock.advance(12_501);
    expect(peer.isRateLimited()).toBe(false);
    peer.recordRateLimit(new ClientError('ERR_RATE_LIMITED', 'slow down'));
    expect(peer.rateLimitRemaining()).toBe(10); // no Retry-After: the default
  });
});
