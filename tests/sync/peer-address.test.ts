/**
 * Which host a peer is on (core/sync/peer-address.ts `hostOf`, used by unsupported-claims.ts, where peers of one
 * host are one operator's word): every spelling of one address is one host — an IPv4-mapped IPv6 address is its
 * IPv4 address, an IPv6 address has one form, a name is compared without case.
 */
import { describe, expect, it } from 'vitest';
import { hostOf } from '../../src/core/sync/peer-address';

describe('hostOf', () => {
  it('reads every spelling of one address as one host', () => {
    expect(hostOf('http://[::ffff:c633:6401]:4003')).toBe('198.51.100.1');
    expect(hostOf('ws://[0:0:0:0:0:ffff:198.51.100.1]:4001')).toBe('198.51.100.1');
    expect(hostOf('http://198.51.100.1:4003')).toBe('198.51.100.1');
    expect(hostOf('http://[2A01:4F8:0:0::1]:4003')).toBe('2a01:4f8::1');
    expect(hostOf('http://Node.Example.com:4003')).toBe('node.example.com');
  });
});
