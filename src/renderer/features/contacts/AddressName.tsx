/**
 * The name beside an address wherever one is shown (send, review, history, explorer): the person's own wallet
 * ("your wallet Main") or their contact ("contact Alice"); nothing for an address they have not named.
 */
import type { DraftInput } from '../../../shared/domain/transactions';
import { useAddressNames } from './use-contacts';

export function AddressName({ address }: { address: string }) {
  const names = useAddressNames();
  const own = names.wallet(address);
  const contact = names.contact(address);
  if (own === undefined && contact === undefined) return null;
  return (
    <span className="address-name small" data-testid="address-name">
      {own !== undefined ? ` · your wallet “${own}”` : ` · contact “${contact}”`}
    </span>
  );
}

/**
 * The review's warning for recipients the person has never named: neither a contact nor one of their own wallets.
 * A warning, not a refusal — paying someone new is normal; a mistyped or swapped address is what it catches.
 */
export function UnknownRecipients({ addresses }: { addresses: readonly string[] }) {
  const names = useAddressNames();
  const unknown = [...new Set(addresses)].filter(
    (address) => names.wallet(address) === undefined && names.contact(address) === undefined,
  );
  if (unknown.length === 0) return null;
  return (
    <p className="warning-note" data-testid="unknown-recipient">
      {unknown.length === 1
        ? `${unknown[0]} is neither one of your contacts nor one of your wallets.`
        : `${unknown.length} recipients are neither your contacts nor your wallets: ${unknown.join(', ')}.`}{' '}
      Check the address character by character against one you trust: a transaction cannot be taken back.
    </p>
  );
}

/** The addresses a draft pays (transfer, multipayment, HTLC lock), for the review's warning. */
export function draftRecipients(draft: DraftInput): string[] {
  if (draft.kind === 'transfer' || draft.kind === 'htlcLock') return [draft.recipientId];
  if (draft.kind === 'multiPayment') return draft.payments.map((payment) => payment.recipientId);
  return [];
}
