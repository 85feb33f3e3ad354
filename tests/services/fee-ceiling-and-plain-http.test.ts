/**
 * The fee ceiling and plain-http remote nodes (docs/design/security.md "Fees", "Remote nodes") through AppCore:
 * a fee above 10× the static fee is refused unless confirmed, the ceiling is a setting, and a plain-http node on
 * another machine is refused without the person's confirmation, before anything is contacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import {
  call,
  openClockedCore,
  PASSWORD,
  prepare,
  removeDir,
  reviewAndSend,
  reviewRefusal,
  tempDir,
} from './support';

/** The localnet's static transfer fee (ARK devnet's): 0.1 VTY. */
const TRANSFER_FEE = 10_000_000n;

describe('fee ceiling and plain-http nodes', () => {
  let dir: string;
  let core: AppCore;
  let walletId = '';
  let recipient = '';

  beforeAll(async () => {
    dir = tempDir();
    const clocked = await openClockedCore(dir);
    core = clocked.core;
    await call(core, 'vault:create', { password: PASSWORD });
    const payer = await call(core, 'wallets:import-passphrase', { passphrase: 'fee ceiling test payer' });
    const payee = await call(core, 'wallets:import-passphrase', { passphrase: 'fee ceiling test payee' });
    walletId = payer.id;
    recipient = payee.address;
    const funded = await call(core, 'localnet:fund', { address: payer.address });
    await clocked.clock.confirm(core, funded.transactionId);
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  const send = async (fee: bigint, confirmHighFee?: boolean) => {
    const { prepared } = await prepare(core, walletId, {
      kind: 'transfer',
      recipientId: recipient,
      amount: '100000000',
      fee: fee.toString(),
    });
    return core.handleRequest('tx:send', {
      preparedId: prepared.id,
      ...(confirmHighFee === undefined ? {} : { confirmHighFee }),
    });
  };

  it('refuses a fee above 10× the static fee unless the request says it was confirmed', async () => {
    expect(await call(core, 'tx:fee-ceiling')).toEqual({ multiple: 10 });
    expect(await send(TRANSFER_FEE * 10n)).toMatchObject({ ok: true, value: { accepted: true } });
    const refused = await send(TRANSFER_FEE * 10n + 1n);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'ERR_FEE_UNCONFIRMED',
        message: expect.stringMatching(
          /^The fee of 1\.00000001 VTY is more than 10 times this network's fee for it \(0\.1 VTY\)/,
        ) as string,
      },
    });
    expect(await send(TRANSFER_FEE * 50n, true)).toMatchObject({ ok: true, value: { accepted: true } });
  });

  it('states the least fee a node admits for this very draft: exactly that is accepted, one arktoshi less is not', async () => {
    const draft = {
      kind: 'transfer' as const,
      recipientId: recipient,
      amount: '100000000',
      memo: 'sized memo',
    };
    const bounds = await call(core, 'tx:fee-bounds', { walletId, draft });
    expect(bounds).toMatchObject({
      static: TRANSFER_FEE.toString(),
      ceiling: (TRANSFER_FEE * 10n).toString(),
      dynamic: true,
    });
    const minimum = BigInt(bounds.minimum);
    expect(minimum).toBeGreaterThan(0n);
    expect(minimum).toBeLessThan(TRANSFER_FEE);
    const below = await reviewAndSend(core, walletId, { ...draft, fee: (minimum - 1n).toString() });
    expect(below.accepted).toBe(false);
    const exact = await reviewAndSend(core, walletId, { ...draft, fee: minimum.toString() });
    expect(exact.accepted).toBe(true);
  });

  it('refuses more than the balance before signing, in tokens, at the amount field', async () => {
    const refused = await reviewRefusal(core, walletId, {
      kind: 'transfer',
      recipientId: recipient,
      amount: '100000000000000',
    });
    expect(refused).toMatchObject({
      code: 'ERR_INVALID_DRAFT',
      message: expect.stringMatching(/^This wallet can send at most [\d,.]+ VTY now/) as string,
      field: 'amount',
    });
    expect(JSON.stringify(refused)).not.toContain('arktoshi');
  });

  it('follows the configured ceiling, kept in the settings', async () => {
    await call(core, 'tx:fee-ceiling', { multiple: 100 });
    expect(await send(TRANSFER_FEE * 60n)).toMatchObject({ ok: true });
    expect(await send(TRANSFER_FEE * 101n)).toMatchObject({
      ok: false,
      error: { code: 'ERR_FEE_UNCONFIRMED' },
    });
    expect(await core.handleRequest('tx:fee-ceiling', { multiple: 0 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_INVALID_REQUEST' },
    });
  });

  it('refuses a plain-http node on another machine without the confirmation, before contacting it', async () => {
    for (const url of ['http://node.invalid:4003', 'http://203.0.113.7:4003/api']) {
      expect(await core.handleRequest('networks:add', { url })).toMatchObject({
        ok: false,
        error: { code: 'ERR_PLAIN_HTTP', message: expect.stringContaining('a man in the middle') as string },
      });
    }
    const networks = await call(core, 'networks:list');
    expect(
      await core.handleRequest('networks:add-peer', {
        networkId: networks[0]!.id,
        url: 'http://node.invalid',
      }),
    ).toMatchObject({ ok: false, error: { code: 'ERR_PLAIN_HTTP' } });
  });
});
