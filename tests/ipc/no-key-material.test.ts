/**
 * Behavioural proof of "keys never cross to the renderer": create and use wallets of every kind,
 * call every channel of the contract, and scan every answer and every push event for the passwords, phrases,
 * WIFs and private keys involved. Only the two secret channels may (and, as a control, do) contain them. The data
 * directory is scanned too: nothing in it holds a secret in clear.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyFromPassphrase, wifFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import type { AppCore } from '../../src/core/services';
import { IPC_CHANNELS, SECRET_CHANNELS, type IpcChannel } from '../../src/shared/ipc/contract';
import type { IpcResult } from '../../src/shared/ipc/errors';
import { startFakeNode, type FakeNode } from '../client/support/fake-node';
import { CoreClock, openCore, PASSWORD, removeDir, tempDir } from '../services/support';
import { loadRecording, replayOpener } from '../support/ledger-apdu';

const NEW_PASSWORD = 'a different long password';
const PASSPHRASE = 'scan test imported passphrase with words';
const SECOND = 'scan test second passphrase';
const WIF_SOURCE = 'scan test wif source passphrase';
const LOCALNET_WIF = 170;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('no channel answers key material, after creating and using wallets', () => {
  let dir: string;
  let core: AppCore;
  let remote: FakeNode;
  const answers: { channel: string; text: string }[] = [];
  const events: string[] = [];
  let mnemonic = '';
  const called = new Set<string>();

  async function record(channel: IpcChannel, payload?: unknown): Promise<IpcResult<unknown>> {
    called.add(channel);
    const result = await core.handleRequest(channel, payload);
    answers.push({ channel, text: JSON.stringify(result) });
    return result;
  }
  async function value<T>(channel: IpcChannel, payload?: unknown): Promise<T> {
    const result = await record(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  }

  // Blocks are forged when the test needs one (a fake clock, no slot timer).
  const clock = new CoreClock();

  beforeAll(async () => {
    dir = tempDir();
    // A Ledger that answers as ARK's app did in speculos (tests/fixtures/ledger/discovery.json).
    const ledger = {
      open: replayOpener(loadRecording('discovery').exchanges),
      transport: 'speculos' as const,
    };
    [core, remote] = await Promise.all([
      openCore(dir, { forging: false, now: clock.read, ledger }),
      startFakeNode(),
    ]);
    core.subscribe((event, payload) => events.push(`${event} ${JSON.stringify(payload)}`));
  });
  afterAll(async () => {
    await core.close();
    await remote.close();
    removeDir(dir);
  });

  it('calls every channel', async () => {
    await value('app:info');
    await value('app:activity');
    await value('vault:status');
    await value('vault:create', { password: PASSWORD });
    await value('vault:keychain-status');
    await value('vault:keychain-enable');
    await value('vault:set-auto-lock', { minutes: 10 });

    const created = await value<{
      pendingId: string;
      mnemonic: string;
      words: string[];
      confirmPositions: number[];
    }>('wallets:create-mnemonic', { name: 'Fresh' });
    mnemonic = created.mnemonic;
    const fresh = await value<{ id: string; address: string }>('wallets:confirm', {
      pendingId: created.pendingId,
      words: created.confirmPositions.map((p) => created.words[p - 1]),
    });
    const abandoned = await value<{ pendingId: string }>('wallets:create-mnemonic', {});
    await value('wallets:cancel-pending', { pendingId: abandoned.pendingId });
    const imported = await value<{ id: string; address: string }>('wallets:import-passphrase', {
      passphrase: PASSPHRASE,
      secondPassphrase: SECOND,
    });
    const preview = await value<{ address: string; bip39: boolean }>('wallets:preview-import', {
      passphrase: PASSPHRASE,
    });
    expect(preview).toEqual({ address: imported.address, bip39: false });
    const wif = await value<{ id: string }>('wallets:import-wif', {
      wif: wifFromPassphrase(WIF_SOURCE, LOCALNET_WIF),
    });
    const watch = await value<{ id: string }>('wallets:add-watch-only', {
      address: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4',
    });
    await value('wallets:list');
    await value('wallets:rename', { walletId: wif.id, name: 'From WIF' });
    await value('wallets:set-second-passphrase', { walletId: wif.id, secondPassphrase: SECOND });
    await value('wallets:remove-second-passphrase', { walletId: wif.id });
    const phrase = await value<{ secret: string }>('wallets:reveal-phrase', {
      walletId: fresh.id,
      password: PASSWORD,
    });
    expect(phrase.secret).toBe(mnemonic);

    const added = await value<{ id: string }>('networks:add', { url: remote.url });
    await value('networks:add-peer', { networkId: added.id, url: 'http://127.0.0.1:9/' }).catch(
      () => undefined,
    );
    await record('networks:remove-peer', { networkId: added.id, url: remote.url });
    await value('networks:select', { networkId: added.id });
    await value('networks:select', { networkId: 'embedded' });
    await value('networks:list');
    // The own node of a remote network (a fake node: it may well refuse to be followed; the answers still count).
    await value('follower:list');
    await record('follower:estimate', { networkId: added.id });
    await record('follower:start', { networkId: added.id });
    await value('follower:stop', { networkId: added.id });
    await value('networks:remove', { networkId: added.id });
    await value('networks:known');
    // Without the plain-http confirmation: refused before anything is contacted.
    await record('networks:add-known', { key: 'ark-devnet' });

    const funded = await value<{ transactionId: string }>('localnet:fund', { address: fresh.address });
    await clock.confirm(core, funded.transactionId);
    const review = await value<{ prepared: { id: string } }>('tx:preview', {
      walletId: fresh.id,
      draft: { kind: 'transfer', recipientId: imported.address, amount: '100', memo: 'scan' },
    });
    const sent = await value<{ id: string }>('tx:send', { preparedId: review.prepared.id });
    // Signed once: the second time is refused.
    await record('tx:send', { preparedId: review.prepared.id });
    await record('tx:preview', {
      walletId: imported.id,
      draft: { kind: 'delegateRegistration', username: 'scanner' },
    });
    await value('tx:pending');
    expect(await value('tx:fee-ceiling', { multiple: 20 })).toEqual({ multiple: 20 });
    expect(await value('tx:fee-ceiling')).toEqual({ multiple: 20 });
    expect(await value('tx:sign-password')).toEqual({ minutes: 5, required: false });
    await value('tx:fee-bounds', {
      walletId: fresh.id,
      draft: { kind: 'transfer', recipientId: imported.address, amount: '100' },
    });
    await value('tx:preview', {
      walletId: fresh.id,
      draft: { kind: 'transfer', recipientId: imported.address, amount: '100' },
    });
    await value('tx:spendable', { walletId: fresh.id });
    await value('tx:htlc-secrets', { walletId: fresh.id });
    // No lock was sent: the vault keeps no secret for it (a typed error, no secret).
    await record('tx:htlc-reveal-secret', { walletId: fresh.id, lockId: sent.id, password: PASSWORD });
    const signedMessage = await value<{ text: string }>('messages:sign', {
      walletId: imported.id,
      message: 'scan',
      format: 'arkvault',
    });
    await value('messages:verify', { signed: signedMessage.text });
    // A Ledger: its state, its accounts (account 0 is unused on localnet), one added as a wallet (no key kept).
    await value('ledger:status');
    const found = await value<{ accounts: { path: string; publicKey: string }[] }>('ledger:discover', {});
    const [account] = found.accounts;
    await value('ledger:read-path', { path: account!.path });
    await value('ledger:add', { path: account!.path, publicKey: account!.publicKey, name: 'Device' });
    const contact = await value<{ id: string }>('contacts:add', { name: 'Scan', address: imported.address });
    await value('contacts:update', { id: contact.id, name: 'Scanned', address: imported.address, note: 'n' });
    await value('contacts:list');
    const exported = await value<{ text: string }>('contacts:export', { format: 'csv' });
    await value('contacts:remove', { id: contact.id });
    await value('contacts:import', { text: exported.text });
    // Multisignature: a 2-of-2 of two vault wallets, imported, started as a document, co-signed to the hosted server.
    const listed = await value<{ id: string; publicKey?: string }[]>('wallets:list');
    const keyOf = (id: string) => listed.find((w) => w.id === id)!.publicKey!;
    const publicKeys = [keyOf(fresh.id), keyOf(imported.id)];
    await value('multisig:server');
    const multisig = await value<{ walletId: string }>('multisig:import', { min: 2, publicKeys });
    await value('multisig:wallets');
    const transfer = { kind: 'transfer', recipientId: imported.address, amount: '100' };
    const spend = await value<{ prepared?: { id: string } }>('multisig:preview', {
      walletId: multisig.walletId,
      draft: transfer,
    });
    await record('multisig:propose', {
      preparedId: spend.prepared?.id ?? '0'.repeat(32),
      signerId: fresh.id,
      via: 'file',
    });
    const registration = await value<{ prepared: { id: string } }>('tx:preview', {
      walletId: fresh.id,
      draft: { kind: 'multiSignature', min: 2, publicKeys },
    });
    const started = await value<{ document: string }>('multisig:register', {
      preparedId: registration.prepared.id,
      via: 'file',
    });
    const reviewed = await value<{ preview: { prepared: { id: string } } }>('multisig:review', {
      proposal: { document: started.document },
    });
    const cosigned = await value<{ document: string }>('multisig:sign', {
      proposal: { document: started.document },
      preparedId: reviewed.preview.prepared.id,
      walletId: imported.id,
      via: 'server',
    });
    await value('multisig:proposals');
    await record('multisig:broadcast', {
      proposal: { document: cosigned.document },
      preparedId: reviewed.preview.prepared.id,
    });
    await record('tx:rebroadcast', { id: sent.id });
    await value('tx:dismiss', { id: funded.transactionId });

    await value('chain:wallet', { address: fresh.address });
    await value('chain:wallets', { addresses: [fresh.address] });
    await value('chain:wallet-transactions', { address: fresh.address });
    await value('chain:wallet-locks', { address: fresh.address });
    await value('chain:incoming-locks', { address: fresh.address });
    await value('chain:lock-states', { ids: [sent.id] });
    await value('chain:delegates', { search: 'gen' });
    await value('chain:blocks');
    await value('chain:delegate-blocks', { delegate: 'genesis_1' });
    await value('chain:delegate-voters', { delegate: 'genesis_1' });
    await value('chain:fees', { days: 7 });
    await value('chain:search', { query: fresh.address });
    const genesis = await value<{ id: string }>('chain:block', { height: 1 });
    await value('chain:block-transactions', { blockId: genesis.id });
    await record('chain:transaction', { id: sent.id });
    await value('chain:randomness');
    await value('networks:status');
    await value('networks:configuration');
    await value('networks:peers');
    // The node monitor and its alerts.
    await value('monitor:overview');
    await value('monitor:round', { delegate: 'genesis_1' });
    await value('monitor:productivity', { window: 'hour' });
    await value('monitor:missed-slots', { limit: 5 });
    await value('monitor:samples', { nodeId: 'embedded' });
    await record('monitor:nodes-add', { url: 'http://127.0.0.1:9' });
    await record('monitor:nodes-remove', { nodeId: 'embedded' });
    await value('monitor:settings', { behindThreshold: 5 });
    await value('monitor:alerts');
    await value('monitor:dismiss-alert', {});
    await value('localnet:status');
    await value('localnet:pause');
    await value('localnet:set-offline', { delegates: ['genesis_2'], offline: true });
    await value('localnet:set-offline', { delegates: ['genesis_2'], offline: false });
    await value('localnet:snapshot-save', { name: 'scan' });
    await value('localnet:snapshot-list');
    await value('localnet:rollback', { snapshot: 'scan' });
    await value('localnet:snapshot-delete', { name: 'scan' });
    await value('localnet:resume');
    await value('localnet:reset');
    // Prices stay off here: no price source is asked (tests/services/prices.test.ts covers them on).
    await value('prices:settings');
    await value('prices:quote');
    await value('prices:portfolio', { days: 7 });

    await value('vault:change-password', { current: PASSWORD, next: NEW_PASSWORD });
    await value('vault:lock');
    await value('vault:unlock-with-device');
    await value('vault:keychain-disable');
    await value('vault:lock');
    await value('vault:unlock', { password: NEW_PASSWORD });
    await value('wallets:remove', { walletId: watch.id });
    // Profiles last: a switch locks the vault.
    const profiles = await value<{ profiles: { id: string; name: string }[] }>('profiles:create', {
      name: 'Scan',
    });
    const scan = profiles.profiles.find((profile) => profile.name === 'Scan')!;
    await value('profiles:rename', { id: scan.id, name: 'Scanned' });
    await value('profiles:list');
    await value('profiles:switch', { id: scan.id });
    await value('profiles:switch', { id: 'default' });
    await value('profiles:remove', { id: scan.id });

    expect([...called].sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it('finds no secret in any other answer, in any event, or in the data directory', () => {
    const secrets: Record<string, string> = {
      password: PASSWORD,
      'new password': NEW_PASSWORD,
      mnemonic,
      'start of the mnemonic': mnemonic.split(' ').slice(0, 4).join(' '),
      passphrase: PASSPHRASE,
      'second passphrase': SECOND,
      'WIF source': WIF_SOURCE,
      WIF: wifFromPassphrase(WIF_SOURCE, LOCALNET_WIF),
      'imported private key': toHex(privateKeyFromPassphrase(PASSPHRASE)),
      'mnemonic private key': toHex(privateKeyFromPassphrase(mnemonic)),
      'WIF private key': toHex(privateKeyFromPassphrase(WIF_SOURCE)),
      'second private key': toHex(privateKeyFromPassphrase(SECOND)),
    };
    expect(mnemonic.split(' ')).toHaveLength(24);
    const leaks: string[] = [];
    const scan = (where: string, text: string) => {
      for (const [name, secret] of Object.entries(secrets))
        if (text.includes(secret)) leaks.push(`${name} in ${where}`);
    };
    for (const { channel, text } of answers) {
      if (!SECRET_CHANNELS.includes(channel as IpcChannel)) scan(channel, text);
    }
    events.forEach((text) => scan(`event ${text.split(' ')[0]}`, text));
    for (const file of filesUnder(dir)) scan(file.slice(dir.length), readFileSync(file).toString('latin1'));
    expect(leaks).toEqual([]);

    // Control: the scan would have seen them — the secret channels carried the phrase.
    expect(
      answers.some(({ channel, text }) => channel === 'wallets:create-mnemonic' && text.includes(mnemonic)),
    ).toBe(true);
    expect(events.length).toBeGreaterThan(0);
  });
});
