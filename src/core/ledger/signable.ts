/**
 * Which transactions ARK's Ledger app v2.3.0 signs, decided from its source (scripts/ledger/vendor/ark-ledger.tar.gz;
 * the table with file and line is in docs/design/ledger.md), checked BEFORE the review so that a kind the device
 * would refuse is never offered for confirmation. Each refusal is an ERR_LEDGER_UNSUPPORTED with the reason.
 * What the device will show for each kind (labels from src/operations/transactions/ux/*_ux.c) goes with an accepted
 * transaction, so the app can tell the person what to compare on the device's screen. The table of kinds is shared
 * with the renderer (shared/domain/ledger-signable.ts), which offers a Ledger wallet only for the kinds it signs.
 */
import { LEDGER_SIGNABLE } from '../../shared/domain/ledger-signable';
import { CORE_TRANSACTION_KINDS } from '../../shared/domain/transaction-kinds';
import { CoreType, TypeGroup, type TransactionData } from '../protocol/transactions';
import { LedgerError } from './errors';

/**
 * The most transaction bytes the app takes: MAX_RAW_OPERATION in src/constants.h, 704 on the Nano S (the model the
 * app is tested on here) and 2496 on the Nano X; Votary holds every model to the Nano S bound.
 */
export const MAX_TRANSACTION_BYTES = 704;
/** src/operations/message_op.h handleMessage: 1 to MAX_TEXT_LEN (255) printable ASCII bytes. */
export const MAX_MESSAGE_BYTES = 255;
/** src/operations/transactions/types/vote.h VOTE_MAX_COUNT. */
const MAX_VOTES = 2;

const unsupported = (message: string) => new LedgerError('ERR_LEDGER_UNSUPPORTED', message);

/** The bytes are printable ASCII (32–126) only: src/utils/str.c IsPrintableAscii. */
export function isDeviceText(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

export interface DeviceReview {
  /** The kind in words, e.g. "transfer". */
  kind: string;
  /** The device's screens in order, the app's own labels; amounts are shown in "ARK" whatever the network. */
  screens: string[];
}

/**
 * Throws ERR_LEDGER_UNSUPPORTED when ARK's app would refuse this transaction (or could not show it truthfully);
 * returns what the device will show otherwise. `unsignedBytes` is what the device receives.
 */
export function checkDeviceCanSign(
  tx: TransactionData,
  unsignedBytes: Uint8Array,
  sender: { hasSecondPublicKey?: boolean } = {},
): DeviceReview {
  if (tx.version !== 2) {
    throw unsupported(
      'A Ledger wallet signs only version-2 transactions (this network still uses version 1).',
    );
  }
  // The app reads the type at offset 7 and never the typeGroup at offset 3 (src/operations/transactions/offsets.h,
  // deserializer.c deserializeCommon): a Magistrate transaction would be shown as a Core one, so it is refused here.
  if (tx.typeGroup !== TypeGroup.Core) {
    throw unsupported(
      'ARK’s Ledger app signs only Core transactions; this one is not (its screens would mislabel it).',
    );
  }
  const name = CORE_TRANSACTION_KINDS[tx.type];
  const kind = name === undefined ? undefined : LEDGER_SIGNABLE[name];
  if (kind === undefined)
    throw unsupported(`ARK’s Ledger app does not sign transactions of type ${tx.type}.`);
  if (!kind.signs) throw unsupported(kind.reason);
  if (sender.hasSecondPublicKey === true) {
    throw unsupported(
      'This wallet has a second passphrase registered on chain; the Ledger cannot add the second signature, so it cannot send from this wallet.',
    );
  }
  if (tx.vendorField !== undefined && tx.vendorField !== '' && !isDeviceText(tx.vendorField)) {
    throw unsupported(
      'The Ledger shows a memo only in plain ASCII letters, digits and punctuation: remove the other characters (accents, emoji, line breaks).',
    );
  }
  if (tx.type === CoreType.Vote && (tx.asset?.votes?.length ?? 0) > MAX_VOTES) {
    throw unsupported(`ARK’s Ledger app signs at most ${MAX_VOTES} votes in one transaction.`);
  }
  if (unsignedBytes.length > MAX_TRANSACTION_BYTES) {
    throw unsupported(
      `This transaction is ${unsignedBytes.length} bytes; the ARK Ledger app takes at most ${MAX_TRANSACTION_BYTES} (Nano S). Shorten the memo.`,
    );
  }
  return { kind: kind.name, screens: [...kind.screens] };
}

/** Throws ERR_LEDGER_UNSUPPORTED for a message the device cannot show. */
export function checkDeviceCanSignMessage(message: string): void {
  if (typeof message !== 'string' || message.length === 0) throw unsupported('The message is empty.');
  if (!isDeviceText(message)) {
    throw unsupported(
      'The Ledger shows only plain ASCII text on one line: this message has other characters (accents, emoji, line breaks), so it cannot be signed there.',
    );
  }
  if (message.length > MAX_MESSAGE_BYTES) {
    throw unsupported(
      `The Ledger signs messages of at most ${MAX_MESSAGE_BYTES} characters; this one has ${message.length}.`,
    );
  }
}
