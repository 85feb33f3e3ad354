/**
 * The words of every refusal that more than one step of sending says (the review, preparing, signing, the fee
 * bounds, multisignature proposals), in one place so the review and the refusal never drift apart.
 */
export const WATCH_ONLY = 'This is a watch-only wallet: it holds no key to sign with.';

export const SECOND_PASSPHRASE_REQUIRED =
  "This wallet has a second passphrase on chain: add it on the wallet's page before sending.";

export const SECOND_ALREADY_REGISTERED = 'This wallet already has a second passphrase on chain.';

/** A wallet whose network is not in the list (removed since the wallet was added). */
export function networkNotListed(network: string, hint = true): string {
  return `This wallet belongs to ${network}, which is not in the network list.${hint ? ' Add one of its nodes first.' : ''}`;
}

// ── a prepared transaction that can no longer be signed as reviewed (prepared-store.ts, prepare.ts) ──────────

export const PREPARED_UNKNOWN =
  'This review is no longer open (it was never prepared here, or it is too old and was let go): review the transaction again.';

export const PREPARED_SIGNED =
  'This reviewed transaction was signed already: a review signs once. Review a new one to send again.';

export const PREPARED_SESSION =
  'The vault was locked, or another profile opened, since this review: review the transaction again.';

export function preparedExpired(minutes: number): string {
  return `This review is more than ${minutes} minutes old: what it rests on may have changed. Review the transaction again.`;
}

export function preparedNonceUsed(prepared: bigint, next: bigint): string {
  return next > prepared
    ? `Since this review, this wallet's nonce ${prepared} was used by another transaction (its next is ${next}): review the transaction again.`
    : `Since this review, the transaction before it was dropped (this wallet's next nonce is ${next}, not ${prepared}): review the transaction again.`;
}

export function preparedBalance(needed: string, spendable: string): string {
  return `Since this review, this wallet's balance no longer covers it: it needs ${needed} and can spend ${spendable} now. Review the transaction again.`;
}

export function preparedMilestone(from: number, to: number): string {
  return `Since this review, the network moved past a milestone (its rules from height ${from} gave way to those from height ${to}): fees and rules may differ. Review the transaction again.`;
}

/** A proposal read again at its signature is another transaction than the one reviewed (multisig/proposal-reviews.ts). */
export function proposalChanged(changed: readonly string[]): string {
  const list =
    changed.length === 1
      ? changed[0]!
      : `${changed.slice(0, -1).join(', ')} and ${changed[changed.length - 1]!}`;
  return `Since your review, this proposal's ${list} changed: nothing was signed. Review it again.`;
}
