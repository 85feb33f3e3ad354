/**
 * What a Ledger will show for a reviewed transaction, in the device's order: the screens of ARK's app for its kind
 * (shared/domain/ledger-signable.ts, the table core/ledger refuses by) with the values from Votary's own review, so
 * the person can compare them one by one. The app prints every amount as "ARK: 12.00000000" whatever the network
 * (its src/constants.h TOKEN_NAME; docs/design/ledger.md "What the device shows").
 */
import { LEDGER_SIGNABLE, type CoreTransactionKind } from '../../../shared/domain/ledger-signable';
import type { DraftInput, TxPreview } from '../../../shared/domain/transactions';

export interface DeviceLine {
  /** The device's own label, e.g. "Amount". */
  label: string;
  /** What it shows there, from the review; absent when the review has nothing to compare it with. */
  value?: string;
}

/** The token the ARK app names every amount with (its src/constants.h TOKEN_NAME). */
export const DEVICE_TOKEN = 'ARK';

/** "1200000000" → "ARK: 12.00000000", as the app prints amounts (8 decimals, no grouping). */
export function deviceAmount(arktoshi: string): string {
  const value = BigInt(arktoshi);
  const whole = value / 100_000_000n;
  const fraction = (value % 100_000_000n).toString().padStart(8, '0');
  return `${DEVICE_TOKEN}: ${whole}.${fraction}`;
}

type Draft = Partial<Record<string, unknown>> | undefined;
const text = (draft: Draft, field: string): string | undefined => {
  const value = draft?.[field];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The device's screens for this review with the values to compare; undefined for a kind the app does not sign
 * (the form never offers a Ledger wallet for it, and the host refuses it before the review).
 */
export function deviceLines(preview: TxPreview, draft?: DraftInput): DeviceLine[] | undefined {
  const entry = LEDGER_SIGNABLE[preview.kind as CoreTransactionKind] as
    (typeof LEDGER_SIGNABLE)[CoreTransactionKind] | undefined;
  if (entry === undefined || !entry.signs) return undefined;
  const fields = draft as Draft;
  const lines: DeviceLine[] = [];
  entry.screens.forEach((screen, i) => {
    if (i === 0) {
      lines.push({ label: 'Operation', value: screen });
      return;
    }
    switch (screen) {
      case 'Recipient':
        lines.push(withValue('Recipient', text(fields, 'recipientId')));
        return;
      case 'Amount':
        lines.push({ label: 'Amount', value: deviceAmount(preview.sent) });
        return;
      case 'Fee':
        lines.push({ label: 'Fee', value: deviceAmount(preview.fee) });
        return;
      case 'VendorField (memo, when there is one)':
        if (preview.memo !== undefined && preview.memo !== '')
          lines.push({ label: 'VendorField', value: preview.memo });
        return;
      case 'Vote / Unvote: the delegate’s public key':
        for (const target of preview.votes ?? []) {
          lines.push({ label: target.action === 'vote' ? 'Vote' : 'Unvote', value: target.publicKey });
        }
        return;
      case 'Lock Id':
        lines.push(withValue('Lock Id', text(fields, 'lockId')));
        return;
      case 'Secret':
        lines.push(withValue('Secret', text(fields, 'secret')));
        return;
      default:
        // Expiration, Secret Hash, the IPFS hash: the device shows them; the review has no value of its own.
        lines.push({ label: screen.replace(/:.*$/, '') });
    }
  });
  return lines;
}

function withValue(label: string, value: string | undefined): DeviceLine {
  return value === undefined ? { label } : { label, value };
}

/** What to press, in the words of the ARK app's last screens ("Approve" / "Reject"; a Nano's two buttons). */
export const DEVICE_BUTTONS =
  'Step through its screens with the right button. If every value matches, press both buttons on “Approve”; if anything differs, press both buttons on “Reject”.';

/** On a network whose token is not ARK the device still says "ARK": the review says which token it is. */
export function deviceTokenNote(token: string): string | undefined {
  return token === '' || token === DEVICE_TOKEN
    ? undefined
    : `The Ledger names every amount “${DEVICE_TOKEN}”: on this network the amounts are in ${token}.`;
}

/** After the device's sentence for a refusal or failure: the review was given back unsigned, nothing sent. */
export const DEVICE_RETRY =
  'Nothing was sent: this review still stands, to try again on the Ledger or go back.';

/**
 * A refusal or failure on the device (rejected, disconnected, timed out, locked…): nothing was signed and the host
 * gave the review back (core/services/ledger/device-signers.ts isDeviceFailure), so the same review can be confirmed
 * again. ERR_LEDGER_UNSUPPORTED is not one: the device can never sign that.
 */
export function isDeviceRetry(code: string | undefined): boolean {
  return code !== undefined && code.startsWith('ERR_LEDGER_') && code !== 'ERR_LEDGER_UNSUPPORTED';
}
