import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, ServiceError, type AppCore, type ChannelHandlers } from '../../src/core/services';
import { KeystoreError } from '../../src/core/keystore';
import { openCore, removeDir, tempDir } from '../services/support';

/** Handlers that all answer the same thing, to test the dispatcher on its own. */
function allAnswer(answer: () => unknown): ChannelHandlers {
  return new Proxy({}, { get: () => answer }) as ChannelHandlers;
}

describe('the dispatcher: one entry point, validated, never throwing', () => {
  let dir: string;
  let core: AppCore;
  beforeAll(async () => {
    dir = tempDir();
    core = await openCore(dir, { forging: false });
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  it('refuses a channel outside the contract', async () => {
    for (const channel of ['app:quit', 'wallets:export-keys', '', 42, undefined, { channel: 'app:info' }]) {
      const result = await core.handleRequest(channel, undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'ERR_UNKNOWN_CHANNEL' } });
    }
  });

  it('refuses an invalid payload with the typed error and the issues', async () => {
    const cases: [string, unknown][] = [
      ['vault:unlock', undefined],
      ['vault:unlock', { password: 42 }],
      ['vault:unlock', { password: 'long enough', extra: true }],
      ['app:info', { unexpected: 1 }],
      ['chain:wallet', { address: 'not an address!' }],
      ['chain:wallets', { addresses: [] }],
      [
        'chain:wallets',
        { addresses: Array.from({ length: 501 }, () => 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4') },
      ],
      [
        'tx:preview',
        {
          walletId: 'w',
          draft: { kind: 'transfer', recipientId: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4', amount: '-5' },
        },
      ],
      ['tx:preview', { walletId: 'w', draft: { kind: 'burn' } }],
      ['tx:preview', { walletId: 'w', draft: { kind: 'vote' } }],
      // tx:send takes a review's prepared id, never a draft.
      [
        'tx:send',
        {
          walletId: 'w',
          draft: { kind: 'transfer', recipientId: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4', amount: '5' },
        },
      ],
      ['tx:send', { preparedId: 'not hex' }],
      ['chain:delegates', { limit: 1000 }],
      ['localnet:fund', { address: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4', amount: '1e9' }],
    ];
    for (const [channel, payload] of cases) {
      const result = await core.handleRequest(channel, payload);
      expect(result, `${channel} ${JSON.stringify(payload)}`).toMatchObject({
        ok: false,
        error: { code: 'ERR_INVALID_REQUEST' },
      });
      if (!result.ok) {
        expect(result.error.message).toMatch(new RegExp(`^The request to ${channel} is invalid: `));
        expect(Array.isArray(result.error.details?.['issues'])).toBe(true);
      }
    }
  });

  it('answers service failures as their typed error (here: the vault does not exist yet)', async () => {
    const result = await core.handleRequest('wallets:list', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });
    const wrong = await core.handleRequest('vault:unlock', { password: 'whatever-password' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'ERR_NO_VAULT' } });
  });

  it('strips answer fields the contract does not name, so nothing extra can ride along', async () => {
    const dispatch = createDispatcher(
      allAnswer(() => ({
        name: 'Votary',
        version: '1',
        shell: 'browser',
        platform: 'x',
        privateKey: 'ab'.repeat(32),
      })),
    );
    const result = await dispatch('app:info', undefined);
    expect(result).toEqual({
      ok: true,
      value: { name: 'Votary', version: '1', shell: 'browser', platform: 'x' },
    });
  });

  it('turns thrown errors into values; a defect says so without its internals', async () => {
    const defects: unknown[] = [];
    const throwing = (error: unknown) =>
      createDispatcher(
        allAnswer(() => {
          throw error;
        }),
        { onDefect: (e) => defects.push(e) },
      );
    expect(await throwing(new ServiceError('ERR_FAUCET_LIMIT', 'too much'))('app:info', undefined)).toEqual({
      ok: false,
      error: { code: 'ERR_FAUCET_LIMIT', message: 'too much' },
    });
    expect(await throwing(new KeystoreError('ERR_LOCKED', 'locked'))('app:info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'ERR_LOCKED' },
    });
    const defect = await throwing(new TypeError('secret internals at /home/x'))('app:info', undefined);
    expect(defect).toMatchObject({ ok: false, error: { code: 'ERR_INTERNAL' } });
    expect(JSON.stringify(defect)).not.toContain('internals');
    expect(defects).toHaveLength(1);
  });
});
