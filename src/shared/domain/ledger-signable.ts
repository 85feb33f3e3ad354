/**
 * Which Core transactions ARK's Ledger app v2.3.0 signs, decided from its source (scripts/ledger/vendor/
 * ark-ledger.tar.gz; the table with file and line is in docs/design/ledger.md "What the device signs"). One table
 * for both sides: core/ledger/signable.ts refuses a transaction by it before the review, and the renderer offers a
 * Ledger wallet only for the kinds it signs and says why not for the others. Free of zod, like transaction-kinds.ts.
 */
import type { CORE_TRANSACTION_KINDS } from './transaction-kinds';

export type CoreTransactionKind = (typeof CORE_TRANSACTION_KINDS)[number];

/** A kind the app signs, with the screens it shows in order (its own labels, src/operations/transactions/ux/). */
export interface LedgerSigns {
  signs: true;
  /** The kind in words, e.g. "transfer". */
  name: string;
  screens: readonly string[];
}

/** A kind the app does not sign, and the sentence that says so. */
export interface LedgerRefuses {
  signs: false;
  reason: string;
}

const notInApp = (what: string): LedgerRefuses => ({
  signs: false,
  reason: `ARK’s Ledger app does not sign ${what}: use a wallet kept in Votary’s vault for that.`,
});

export const LEDGER_SIGNABLE: Readonly<Record<CoreTransactionKind, LedgerSigns | LedgerRefuses>> = {
  transfer: {
    signs: true,
    name: 'transfer',
    screens: [
      'Transfer',
      'Recipient',
      'Expiration',
      'Amount',
      'Fee',
      'VendorField (memo, when there is one)',
    ],
  },
  // types/types.h:34,35,39,40 comment these out; deserializer.c:203 `default: return 0U`.
  secondSignature: notInApp('second-signature registrations'),
  delegateRegistration: notInApp('delegate registrations'),
  vote: { signs: true, name: 'vote', screens: ['Vote', 'Fee', 'Vote / Unvote: the delegate’s public key'] },
  multiSignature: {
    signs: false,
    reason:
      'ARK’s Ledger app signs multisignature registrations only on the Nano X (SUPPORTS_MULTISIGNATURE in its src/platform.h), so Votary does not offer it for a Ledger wallet.',
  },
  ipfs: { signs: true, name: 'IPFS', screens: ['IPFS', 'Fee', 'IPFS: the hash'] },
  multiPayment: notInApp('multipayments'),
  delegateResignation: notInApp('delegate resignations'),
  htlcLock: {
    signs: true,
    name: 'HTLC lock',
    screens: ['HTLC Lock', 'Recipient', 'Secret Hash', 'Expiration', 'Amount', 'Fee'],
  },
  htlcClaim: { signs: true, name: 'HTLC claim', screens: ['HTLC Claim', 'Lock Id', 'Secret', 'Fee'] },
  htlcRefund: { signs: true, name: 'HTLC refund', screens: ['HTLC Refund', 'Lock Id', 'Fee'] },
};

/** What a signing form asks a wallet to sign: a Core transaction kind, or a message (both ARK forms). */
export type SigningPurpose = CoreTransactionKind | 'message';

/** Undefined when a Ledger wallet can sign this; the sentence saying why not otherwise. */
export function ledgerRefusal(purpose: SigningPurpose): string | undefined {
  if (purpose === 'message') return undefined;
  const entry = LEDGER_SIGNABLE[purpose];
  return entry.signs ? undefined : entry.reason;
}
