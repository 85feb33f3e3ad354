/**
 * One conversation with ARK's Ledger app through ARK's own client (`@arkecosystem/ledger-transport` 2.0.0:
 * version, public keys, Schnorr transaction and message signing) and, for the ECDSA message ARK Core 3 writes, the
 * app's APDU the client has no method for (CLA e0, INS 08 sign message, P1 80 one chunk, P2 40 ECDSA — the app's
 * src/operations.c handleSigningContext). Every failure is a LedgerError with a sentence (status-words.ts); every
 * call has a deadline, after which the transport is closed so that nothing is left half-done on the device.
 */
import { ARKTransport } from '@arkecosystem/ledger-transport';
import { LedgerError } from './errors';
import { pathBytes, checkPath } from './paths';
import { toLedgerError } from './status-words';
import type { ApduTransport, TransportOpener } from './transport';

/** The ARK app version Votary is tested against (scripts/ledger, docs/design/ledger.md); older ones are refused. */
export const MIN_APP_VERSION = '2.3.0';

export interface DeviceTimeouts {
  /** A call the device answers at once (version, public key). */
  quickMs: number;
  /** A call the person must read and approve on the device. */
  approvalMs: number;
}

export const DEFAULT_TIMEOUTS: DeviceTimeouts = { quickMs: 10_000, approvalMs: 180_000 };

type ArkClient = InstanceType<typeof ARKTransport>;

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export class LedgerDevice {
  private readonly client: ArkClient;
  private closed = false;

  constructor(
    private readonly transport: ApduTransport,
    private readonly timeouts: DeviceTimeouts = DEFAULT_TIMEOUTS,
  ) {
    this.client = new ARKTransport(transport);
  }

  /** Opens a device through `open`; a failure to open is a LedgerError (not connected, USB unavailable…). */
  static async open(open: TransportOpener, timeouts?: DeviceTimeouts): Promise<LedgerDevice> {
    try {
      return new LedgerDevice(await open(), timeouts);
    } catch (error) {
      throw toLedgerError(error);
    }
  }

  /** Runs one device call with a deadline; on timeout the transport is closed and the call is a typed error. */
  private async call<T>(what: string, ms: number, run: () => Promise<T>): Promise<T> {
    if (this.closed) {
      throw new LedgerError(
        'ERR_LEDGER_DISCONNECTED',
        'The connection to the Ledger is closed: connect again.',
      );
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.close();
        reject(
          new LedgerError(
            'ERR_LEDGER_TIMEOUT',
            `The Ledger did not answer ${what} within ${Math.round(ms / 1000)} s: nothing was signed. Check that it is unlocked with the ARK app open, then try again.`,
          ),
        );
      }, ms);
    });
    try {
      return await Promise.race([run(), deadline]);
    } catch (error) {
      throw toLedgerError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The ARK app's version, e.g. "2.3.0". */
  version(): Promise<string> {
    return this.call('the version request', this.timeouts.quickMs, () => this.client.getVersion());
  }

  /** Checks that the ARK app is open and recent enough; returns its version. */
  async checkApp(): Promise<string> {
    const version = await this.version();
    if (!/^\d+\.\d+\.\d+$/.test(version) || compareVersions(version, MIN_APP_VERSION) < 0) {
      throw new LedgerError(
        'ERR_LEDGER_APP_TOO_OLD',
        `The ARK app on this Ledger is version ${version}; Votary needs ${MIN_APP_VERSION} or newer. Update it in Ledger Live.`,
        { version, minimum: MIN_APP_VERSION },
      );
    }
    return version;
  }

  /** The compressed public key (hex) at a BIP44 path; the device asks nothing (the app shows no address). */
  publicKey(path: string): Promise<string> {
    const checked = checkPath(path);
    return this.call('the public key request', this.timeouts.quickMs, () =>
      this.client.getPublicKey(checked),
    );
  }

  /** A legacy (bcrypto 4.1) Schnorr signature over SHA-256 of the bytes, after the person approves on the device. */
  signTransaction(path: string, unsignedBytes: Uint8Array): Promise<string> {
    const checked = checkPath(path);
    return this.call('the signing request', this.timeouts.approvalMs, () =>
      this.client.signTransactionWithSchnorr(checked, Buffer.from(unsignedBytes)),
    );
  }

  /** A legacy Schnorr signature over SHA-256 of the ASCII message (ArkVault's form). */
  signMessageSchnorr(path: string, message: string): Promise<string> {
    const checked = checkPath(path);
    return this.call('the signing request', this.timeouts.approvalMs, () =>
      this.client.signMessageWithSchnorr(checked, Buffer.from(message, 'ascii')),
    );
  }

  /** A DER ECDSA signature over SHA-256 of the ASCII message (ARK Core 3's form), by the app's own APDU. */
  async signMessageEcdsa(path: string, message: string): Promise<string> {
    const data = Buffer.concat([pathBytes(path), Buffer.from(message, 'ascii')]);
    const answer = await this.call('the signing request', this.timeouts.approvalMs, async () => {
      // Chunks as ARK's client cuts them (ledger-transport src/apdu.ts): 255 bytes, P1 0x80 for a single one,
      // else 0x00 first, 0x01 middle, 0x81 last; the signature comes with the last answer.
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.length; i += 255) chunks.push(data.subarray(i, i + 255));
      let last: Buffer = Buffer.alloc(0);
      for (const [i, chunk] of chunks.entries()) {
        const p1 = chunks.length === 1 ? 0x80 : i === 0 ? 0x00 : i === chunks.length - 1 ? 0x81 : 0x01;
        last = await this.transport.send(0xe0, 0x08, p1, 0x40, chunk);
      }
      return last;
    });
    return answer.subarray(0, answer.length - 2).toString('hex');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.transport.close();
    } catch {
      // Already gone (unplugged): nothing to release.
    }
  }
}
