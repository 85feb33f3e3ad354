/**
 * `npm run test:ledger`: the app's own channels against ARK's Ledger app in speculos — the core reaches the emulator
 * through `speculosTransport` (what `votary serve --ledger-speculos` uses), adds accounts, signs a transfer and a
 * vote that its embedded localnet node forges, signs messages that ARK's reference library verifies, and meets a
 * refusal on the device and a device unplugged mid-signing (tests/support/ledger-journey.ts). With LEDGER_RECORD=1
 * every connection is written to tests/fixtures/ledger/app-journey.json, which tests/services/ledger-wallets.test.ts
 * replays in `npm run check`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SpeculosTransport from '@ledgerhq/hw-transport-node-speculos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speculosTransport, type ApduTransport } from '../../src/core/ledger';
import type { AppCore } from '../../src/core/services';
import { call, CoreClock, openCore, PASSWORD, removeDir, tempDir } from '../services/support';
import { FIXTURES, type RecordedConnection, type RecordedSession } from '../support/ledger-apdu';
import { ledgerJourney, MESSAGE } from '../support/ledger-journey';
import { APDU_PORT, Speculos } from './speculos';

const RECORD = process.env.LEDGER_RECORD === '1';
const speculos = new Speculos();
const connections: RecordedConnection[] = [];

/** The emulator's transport module as the core loads it, every exchange of every connection recorded. */
const recordingModule = {
  default: {
    async open(options: { apduPort: number; host?: string }): Promise<ApduTransport> {
      let transport: SpeculosTransport;
      try {
        transport = await SpeculosTransport.open(options);
      } catch (error) {
        connections.push({ exchanges: [], unavailable: true });
        throw error;
      }
      const connection: RecordedConnection = { exchanges: [] };
      connections.push(connection);
      const exchange: (apdu: Buffer) => Promise<Buffer> = transport.exchange.bind(transport);
      transport.exchange = async (apdu: Buffer) => {
        const send = apdu.toString('hex');
        try {
          const answer = await exchange(apdu);
          connection.exchanges.push({ send, answer: answer.toString('hex') });
          return answer;
        } catch (error) {
          connection.exchanges.push({ send, error: 'disconnected' });
          throw error;
        }
      };
      return transport;
    },
  },
};

let dir = '';
let core: AppCore;
const clock = new CoreClock();

beforeAll(async () => {
  await speculos.start();
  dir = tempDir();
  core = await openCore(dir, {
    forging: false,
    now: clock.read,
    ledger: {
      open: speculosTransport(`127.0.0.1:${APDU_PORT}`, () => Promise.resolve(recordingModule)),
      transport: 'speculos',
    },
  });
  await call(core, 'vault:create', { password: PASSWORD });
});
afterAll(async () => {
  await core?.close();
  removeDir(dir);
  await speculos.stop();
});

describe('the app with ARK Ledger app v2.3.0 in speculos', () => {
  it('adds accounts, sends and votes signed on the device, signs messages, survives a refusal and an unplug', async () => {
    const result = await ledgerJourney(core, clock, {
      choose: async (label) => {
        await speculos.choose(label);
      },
      unplugWhileShowing: async () => {
        for (let i = 0; i < 40 && !(await speculos.screen()).some((t) => /Transfer|Recipient/.test(t)); i++) {
          await new Promise((r) => setTimeout(r, 150));
        }
        await speculos.stop();
      },
      plugIn: () => speculos.start(),
    });

    // ARK's reference library verifies both messages the device signed.
    const { Crypto } = createRequire(import.meta.url)('@arkecosystem/crypto') as {
      Crypto: {
        Message: { verify(m: { message: string; publicKey: string; signature: string }): boolean };
        Hash: { verifySchnorr(hash: Buffer, signature: string, publicKey: string): boolean };
        HashAlgorithms: { sha256(m: string): Buffer };
      };
    };
    const [core3, arkvault] = result.messages;
    expect(core3 !== undefined && 'publicKey' in core3 && Crypto.Message.verify(core3)).toBe(true);
    expect(
      arkvault !== undefined &&
        'signatory' in arkvault &&
        Crypto.Hash.verifySchnorr(
          Crypto.HashAlgorithms.sha256(MESSAGE),
          arkvault.signature,
          arkvault.signatory,
        ),
    ).toBe(true);

    if (RECORD) {
      const session: RecordedSession = {
        name: 'app-journey',
        note: 'tests/support/ledger-journey.ts through the app’s channels against ARK’s app 2.3.0 in speculos, every connection in order',
        connections,
      };
      writeFileSync(join(FIXTURES, 'app-journey.json'), JSON.stringify(session, null, 2) + '\n');
    }
  });
});
