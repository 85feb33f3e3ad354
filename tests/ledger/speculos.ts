/**
 * Ledger's emulator with ARK's Ledger app, as built by scripts/ledger/build-emulator.sh: start it headless on
 * loopback ports, press its buttons through its REST API, read what its screen shows, stop it. The seed is the
 * public BIP39 test vector ("abandon … art"): never use it for funds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ApduTransport } from '../../src/core/ledger';
import type { RecordedExchange } from '../support/ledger-apdu';

export const SEED = Array(23).fill('abandon').join(' ') + ' art';
export const EMU_DIR = process.env.LEDGER_EMU_DIR ?? '/var/tmp/votary-ledger-emu';
export const API_PORT = Number(process.env.LEDGER_API_PORT ?? 24010);
export const APDU_PORT = Number(process.env.LEDGER_APDU_PORT ?? 24011);
const API = `http://127.0.0.1:${API_PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Speculos {
  private child: ChildProcess | undefined;

  async start(): Promise<void> {
    const app = join(EMU_DIR, 'src/ark-ledger/bin/app.elf');
    const speculos = join(EMU_DIR, 'src/speculos');
    if (!existsSync(app)) throw new Error(`no emulator in ${EMU_DIR}: run scripts/ledger/build-emulator.sh`);
    this.child = spawn(
      '/usr/bin/python3',
      [
        'speculos.py',
        ...['--model', 'nanos', '--sdk', '1.6', '--display', 'headless', '--seed', SEED],
        ...['--api-port', String(API_PORT), '--apdu-port', String(APDU_PORT), app],
      ],
      {
        cwd: speculos,
        env: { ...process.env, PYTHONPATH: `${join(EMU_DIR, 'src/ledgered/src')}:${speculos}` },
        stdio: 'ignore',
        detached: true, // its own process group, so that stop() ends speculos and the emulated CPU it starts
      },
    );
    for (let i = 0; i < 120; i++) {
      try {
        const events = await (await fetch(`${API}/events`)).text();
        if (events.includes('is ready')) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error('speculos did not start within 30 s');
  }

  /** Ends speculos at once (the "device" is unplugged). */
  async stop(): Promise<void> {
    const child = this.child;
    if (child?.pid === undefined) return;
    this.child = undefined;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    await sleep(300);
  }

  /** The texts on the device's screen now. */
  async screen(): Promise<string[]> {
    const answer = (await (await fetch(`${API}/events?currentscreenonly=true`)).json()) as {
      events: { text: string }[];
    };
    return answer.events.map((e) => e.text);
  }

  async press(button: 'left' | 'right' | 'both'): Promise<void> {
    await fetch(`${API}/button/${button}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'press-and-release' }),
    });
    await sleep(120);
  }

  /**
   * Waits for the review to appear, walks right through every screen (collecting what it shows) until `label`
   * ("Approve" or "Reject"), and presses both buttons there. Returns the screens seen, in order.
   */
  async choose(label: 'Approve' | 'Reject'): Promise<string[][]> {
    const seen: string[][] = [];
    const idle = (texts: string[]) =>
      texts.length === 0 || texts.some((t) => /ready|Version|Quit|Application/.test(t));
    for (let i = 0; i < 40 && idle(await this.screen()); i++) await sleep(150);
    for (let i = 0; i < 80; i++) {
      const texts = await this.screen();
      seen.push(texts);
      if (texts.includes(label)) {
        await this.press('both');
        return seen;
      }
      await this.press('right');
    }
    throw new Error(`the device never showed "${label}"; screens: ${JSON.stringify(seen)}`);
  }

  /** A transport to the emulated device that records every exchange into `log` (for tests/fixtures/ledger). */
  async open(log?: RecordedExchange[]): Promise<ApduTransport> {
    // Loaded here, not at the top: Playwright's ESM loader (tests/ledger/screens.spec.ts drives the emulator's
    // buttons only) cannot load this package's lib-es build.
    const { default: SpeculosTransport } = await import('@ledgerhq/hw-transport-node-speculos');
    const transport = await SpeculosTransport.open({ apduPort: APDU_PORT });
    if (log !== undefined) {
      const exchange: (apdu: Buffer) => Promise<Buffer> = transport.exchange.bind(transport);
      transport.exchange = async (apdu: Buffer) => {
        const send = apdu.toString('hex');
        try {
          const answer = await exchange(apdu);
          log.push({ send, answer: answer.toString('hex') });
          return answer;
        } catch (error) {
          log.push({ send, error: 'disconnected' });
          throw error;
        }
      };
    }
    return transport;
  }
}
