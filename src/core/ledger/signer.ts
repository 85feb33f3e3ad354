/**
 * The hardware signer: the prepared transaction's unsigned bytes go to the device, the device's signature comes
 * back, is checked with Votary's own verifier against the wallet's public key, and is attached to exactly the
 * transaction that was reviewed. It holds no key: a Ledger wallet is a path, a public key and an address.
 *
 * Each signing opens the device (a TransportOpener: USB HID in the app, speculos in the tests), checks that the ARK
 * app is open and recent and that it holds this wallet's key, tells the caller what the device will show
 * (`onDevicePrompt`, for the "check your Ledger's screen" prompt), asks, and closes the device whatever happens.
 */
import { ecdsaVerify, schnorrVerify } from '../protocol/crypto';
import { sha256 } from '../protocol/hash';
import { bytesEqual, fromHex } from '../protocol/hex';
import { messageHash, type MessageFormat, type SignedMessageDocument } from '../protocol/message';
import { hashBytes, signingBytes, transactionId, type TransactionData } from '../protocol/transactions';
import { LedgerDevice, type DeviceTimeouts } from './device';
import { LedgerError } from './errors';
import { checkPath } from './paths';
import { checkDeviceCanSign, checkDeviceCanSignMessage, type DeviceReview } from './signable';
import type { TransportOpener } from './transport';

/** A Ledger wallet as the vault keeps it: no key material. */
export interface LedgerAccountRef {
  path: string;
  publicKey: string;
}

/** What the device is about to show; the app tells the person to compare it and approve on the device. */
export interface DevicePrompt extends DeviceReview {
  /** "transaction" or "message". */
  subject: 'transaction' | 'message';
  path: string;
  /** The message text, for a message. */
  message?: string;
}

export interface LedgerSignerOptions {
  onDevicePrompt?: (prompt: DevicePrompt) => void;
  timeouts?: DeviceTimeouts;
}

/** Anything that signs a prepared transaction's exact bytes and a message: the device signer's shape. */
export interface BytesSigner {
  readonly publicKey: string;
  /** Signs exactly `unsignedBytes`, which must be `tx`'s bytes without signatures; returns the signature (hex). */
  signTransactionBytes(tx: TransactionData, unsignedBytes: Uint8Array): Promise<string>;
  signMessage(message: string, format: MessageFormat): Promise<SignedMessageDocument>;
}

export class LedgerSigner implements BytesSigner {
  readonly publicKey: string;
  private readonly path: string;

  constructor(
    private readonly open: TransportOpener,
    account: LedgerAccountRef,
    private readonly options: LedgerSignerOptions = {},
  ) {
    this.path = checkPath(account.path);
    this.publicKey = account.publicKey.toLowerCase();
  }

  /** Opens the device, checks the app and that it holds this wallet's key, runs `use`, closes the device. */
  private async withDevice<T>(use: (device: LedgerDevice) => Promise<T>): Promise<T> {
    const device = await LedgerDevice.open(this.open, this.options.timeouts);
    try {
      await device.checkApp();
      const onDevice = await device.publicKey(this.path);
      if (onDevice.toLowerCase() !== this.publicKey) {
        throw new LedgerError(
          'ERR_LEDGER_WRONG_KEY',
          `The connected Ledger does not hold this wallet's key at ${this.path}: connect the device (and passphrase) this wallet was added from.`,
        );
      }
      return await use(device);
    } finally {
      await device.close();
    }
  }

  /**
   * Signs exactly the reviewed bytes. Refuses (before the device is asked) a kind the app cannot sign, and bytes
   * that are not this transaction's signing bytes; checks the device's answer with Votary's own verifier.
   */
  async signTransactionBytes(
    tx: TransactionData,
    unsignedBytes: Uint8Array,
    sender: { hasSecondPublicKey?: boolean } = {},
  ): Promise<string> {
    if (tx.senderPublicKey.toLowerCase() !== this.publicKey) {
      throw new LedgerError('ERR_LEDGER_WRONG_KEY', 'This transaction is not from this Ledger wallet.');
    }
    if (!bytesEqual(unsignedBytes, signingBytes(tx))) {
      throw new LedgerError(
        'ERR_LEDGER_INVALID_DATA',
        'The bytes to sign are not the reviewed transaction’s: nothing was sent to the device.',
      );
    }
    const review = checkDeviceCanSign(tx, unsignedBytes, sender);
    return this.withDevice(async (device) => {
      this.options.onDevicePrompt?.({ ...review, subject: 'transaction', path: this.path });
      const signature = await device.signTransaction(this.path, unsignedBytes);
      if (
        !isHexSignature(signature) ||
        !schnorrVerify(sha256(unsignedBytes), fromHex(signature), fromHex(this.publicKey))
      ) {
        throw badSignature();
      }
      return signature;
    });
  }

  /** The prepared (unsigned) transaction signed on the device: signature and id added, nothing else changed. */
  async signTransaction(
    tx: TransactionData,
    sender: { hasSecondPublicKey?: boolean } = {},
  ): Promise<TransactionData> {
    const signature = await this.signTransactionBytes(tx, signingBytes(tx), sender);
    const signed = { ...tx, signature };
    return { ...signed, id: transactionId(signed) };
  }

  /**
   * A multisignature participant's signature made on the device over exactly `bytes`, which must be the transaction
   * with no signature of any kind (protocol reference §4.4); the device must hold publicKeys[index]. Returns the
   * 64-byte Schnorr signature (hex), checked with Votary's verifier.
   */
  async participantSignatureBytes(
    tx: TransactionData,
    bytes: Uint8Array,
    index: number,
    publicKeys: readonly string[],
  ): Promise<string> {
    if (publicKeys[index]?.toLowerCase() !== this.publicKey) {
      throw new LedgerError(
        'ERR_LEDGER_WRONG_KEY',
        'This Ledger wallet is not that participant of the multisignature.',
      );
    }
    const expected = hashBytes(tx, {
      excludeSignature: true,
      excludeSecondSignature: true,
      excludeMultiSignatures: true,
    });
    if (!bytesEqual(bytes, expected)) {
      throw new LedgerError(
        'ERR_LEDGER_INVALID_DATA',
        'The bytes to sign are not the reviewed transaction’s: nothing was sent to the device.',
      );
    }
    if ((tx.signatures ?? []).some((s) => Number.parseInt(s.slice(0, 2), 16) === index)) {
      throw new LedgerError('ERR_LEDGER_INVALID_DATA', 'This participant has already signed.');
    }
    const review = checkDeviceCanSign({ ...tx, senderPublicKey: this.publicKey }, bytes);
    return this.withDevice(async (device) => {
      this.options.onDevicePrompt?.({ ...review, subject: 'transaction', path: this.path });
      const answer = await device.signTransaction(this.path, bytes);
      if (
        !isHexSignature(answer) ||
        !schnorrVerify(sha256(bytes), fromHex(answer), fromHex(this.publicKey))
      ) {
        throw badSignature();
      }
      return answer;
    });
  }

  /** The participant's signature appended as `hex2(index) ‖ signature`, the id recomputed. */
  async signParticipant(
    tx: TransactionData,
    index: number,
    publicKeys: readonly string[],
  ): Promise<TransactionData> {
    const bytes = hashBytes(tx, {
      excludeSignature: true,
      excludeSecondSignature: true,
      excludeMultiSignatures: true,
    });
    const signature = await this.participantSignatureBytes(tx, bytes, index, publicKeys);
    const signed = {
      ...tx,
      signatures: [...(tx.signatures ?? []), index.toString(16).padStart(2, '0') + signature],
    };
    return { ...signed, id: transactionId(signed) };
  }

  /**
   * A message signed on the device: ARK Core 3's form (ECDSA, DER) or ArkVault's (legacy Schnorr), both over SHA-256
   * of the message (protocol/message.ts). The device shows the message; only printable ASCII can be signed there.
   */
  async signMessage(message: string, format: MessageFormat = 'core3'): Promise<SignedMessageDocument> {
    checkDeviceCanSignMessage(message);
    const hash = messageHash(message);
    return this.withDevice(async (device) => {
      this.options.onDevicePrompt?.({
        kind: 'message',
        screens: ['Message', 'Length', 'Message: the text'],
        subject: 'message',
        path: this.path,
        message,
      });
      const publicKey = fromHex(this.publicKey);
      if (format === 'arkvault') {
        const signature = await device.signMessageSchnorr(this.path, message);
        if (!isHexSignature(signature) || !schnorrVerify(hash, fromHex(signature), publicKey))
          throw badSignature();
        return { message, signatory: this.publicKey, signature };
      }
      const signature = await device.signMessageEcdsa(this.path, message);
      if (
        !/^[0-9a-f]+$/.test(signature) ||
        signature.length % 2 !== 0 ||
        !ecdsaVerify(hash, fromHex(signature), publicKey)
      ) {
        throw badSignature();
      }
      return { publicKey: this.publicKey, signature, message };
    });
  }
}

function isHexSignature(signature: string): boolean {
  return /^[0-9a-f]{128}$/.test(signature);
}

function badSignature(): LedgerError {
  return new LedgerError(
    'ERR_LEDGER_BAD_SIGNATURE',
    'The Ledger answered a signature that does not verify for this wallet: nothing was sent to the network.',
  );
}
