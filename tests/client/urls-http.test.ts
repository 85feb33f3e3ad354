import { describe, expect, it } from 'vitest';
import {
  ClientError,
  isValidPeerUrl,
  normalizePeerUrl,
  parseRetryAfter,
  queryParams,
} from '../../src/core/client';

describe('peer URLs', () => {
  it('normalizes the forms of one node to one base URL without /api', () => {
    expect(normalizePeerUrl('http://127.0.0.1:4003')).toBe('http://127.0.0.1:4003');
    expect(normalizePeerUrl(' http://127.0.0.1:4003/ ')).toBe('http://127.0.0.1:4003');
    expect(normalizePeerUrl('http://127.0.0.1:4003/api/')).toBe('http://127.0.0.1:4003');
    expect(normalizePeerUrl('HTTPS://Node.Example.org/ark/api')).toBe('https://node.example.org/ark');
    expect(normalizePeerUrl('https://node.example.org:443')).toBe('https://node.example.org');
  });

  it('accepts only absolute http(s) URLs without credentials, query or fragment', () => {
    for (const bad of [
      'ftp://node.example.org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'node.example.org',
      '',
      'http://user:pw@node.example.org',
      'http://node.example.org/?x=1',
      'http://node.example.org/#top',
    ]) {
      expect(isValidPeerUrl(bad), bad).toBe(false);
      expect(() => normalizePeerUrl(bad)).toThrow(ClientError);
    }
    try {
      normalizePeerUrl('ftp://node.example.org');
    } catch (error) {
      expect((error as ClientError).code).toBe('ERR_INVALID_URL');
      expect((error as ClientError).message).toContain('http:// or https://');
    }
  });
});

describe('Retry-After', () => {
  it('reads ARK fractional seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T10:18:04Z');
    expect(parseRetryAfter('59.964', now)).toBeCloseTo(59.964);
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:19:04 GMT', now)).toBe(60);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('query strings', () => {
  it('comma-joins arrays, keeps dotted keys, drops undefined and encodes + for votes', () => {
    const params = queryParams({
      type: [0, 6],
      'height.from': 10,
      orderBy: 'height:asc',
      skip: undefined,
      vote: '+02ab',
    });
    expect(params?.toString()).toBe('type=0%2C6&height.from=10&orderBy=height%3Aasc&vote=%2B02ab');
    expect(params?.get('type')).toBe('0,6');
  });
});
