/**
 * Links that ask a wallet to do something, read before anything is shown (a link is text anybody could have
 * written: it only ever fills a form, and every transaction still goes through the review):
 *
 * - AIP-13 "URI Scheme": `ark:<address>?amount=<decimal tokens>&vendorField=<memo>&label=<name>` — a payment request
 *   (what Votary's Receive card writes, src/renderer/lib/payment-uri.ts).
 * - ArkVault's links: `?method=transfer|vote|sign|verify&…` in the query of the link or of its `#/` fragment
 *   (`https://app.arkvault.io/#/?method=transfer&recipient=…&amount=…&memo=…&coin=ARK&nethash=…`;
 *   `method=vote&delegate=…`; `method=sign&message=…&address=…`; `method=verify&message=…&signatory=…&signature=…`),
 *   as `@ardenthq/arkvault-url`'s URLBuilder writes them; also with the `ark:` scheme.
 */

export type PaymentLink =
  | {
      method: 'transfer';
      recipient: string;
      /** Arktoshi, when the link names an amount. */
      amount?: string;
      memo?: string;
      /** The network the link is for, when it says (ArkVault's `nethash`). */
      nethash?: string;
    }
  | { method: 'vote'; delegate: string; nethash?: string }
  | { method: 'sign'; message: string; address?: string; nethash?: string }
  | { method: 'verify'; message: string; signatory: string; signature: string; nethash?: string };

export type LinkReading = { ok: true; link: PaymentLink } | { ok: false; message: string };

/** Longer than any real link; anything longer is refused before it is read. */
export const LINK_MAX_LENGTH = 4096;
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/;
const NETHASH = /^[0-9a-f]{64}$/i;

/** Decimal tokens ("12.5") as arktoshi, 8 decimals at most; undefined for anything else. */
export function tokensToArktoshi(text: string): string | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const arktoshi = BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
  return arktoshi > 0n ? arktoshi.toString() : undefined;
}

function fail(message: string): LinkReading {
  return { ok: false, message };
}

/** The query parameters of the link, or of its `#/?…` fragment (ArkVault's routes live in the fragment). */
function queryOf(text: string): URLSearchParams {
  const hash = text.indexOf('#');
  const fragment = hash >= 0 ? text.slice(hash + 1) : '';
  const fragmentQuery = fragment.indexOf('?');
  if (fragmentQuery >= 0) return new URLSearchParams(fragment.slice(fragmentQuery + 1));
  const head = hash >= 0 ? text.slice(0, hash) : text;
  const query = head.indexOf('?');
  return new URLSearchParams(query >= 0 ? head.slice(query + 1) : '');
}

function optional(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value === null || value === '' ? undefined : value;
}

function withNethash<T extends PaymentLink>(link: T, params: URLSearchParams): LinkReading {
  const nethash = optional(params, 'nethash');
  if (nethash === undefined) return { ok: true, link };
  if (!NETHASH.test(nethash))
    return fail('The link names a network (nethash) that is not 64 hex characters.');
  return { ok: true, link: { ...link, nethash: nethash.toLowerCase() } };
}

function transfer(recipient: string | undefined, amountText: string | undefined, memo: string | undefined) {
  if (recipient === undefined || !ADDRESS.test(recipient)) {
    return { error: 'The link has no recipient address, or it is not an address.' };
  }
  const link: PaymentLink & { method: 'transfer' } = { method: 'transfer', recipient };
  if (amountText !== undefined) {
    const amount = tokensToArktoshi(amountText);
    if (amount === undefined) {
      return {
        error: `The amount “${amountText}” is not a number of tokens above 0 with at most 8 decimals.`,
      };
    }
    link.amount = amount;
  }
  if (memo !== undefined) link.memo = memo;
  return { link };
}

function arkVaultLink(method: string, params: URLSearchParams): LinkReading {
  switch (method) {
    case 'transfer': {
      const read = transfer(
        optional(params, 'recipient'),
        optional(params, 'amount'),
        optional(params, 'memo'),
      );
      return read.link === undefined ? fail(read.error) : withNethash(read.link, params);
    }
    case 'vote': {
      const delegate = optional(params, 'delegate');
      if (delegate === undefined || !/^[a-z0-9!@$&_.]{1,20}$/.test(delegate)) {
        return fail('The vote link names no delegate, or not a delegate name.');
      }
      return withNethash({ method: 'vote', delegate }, params);
    }
    case 'sign': {
      const message = params.get('message');
      if (message === null) return fail('The sign link has no message.');
      const address = optional(params, 'address');
      return withNethash({ method: 'sign', message, ...(address === undefined ? {} : { address }) }, params);
    }
    case 'verify': {
      const message = params.get('message');
      const signatory = optional(params, 'signatory');
      const signature = optional(params, 'signature');
      if (message === null || signatory === undefined || signature === undefined) {
        return fail('The verify link needs a message, a signatory and a signature.');
      }
      return withNethash({ method: 'verify', message, signatory, signature }, params);
    }
    default:
      return fail(
        `Votary does not know the link method “${method}” (it reads transfer, vote, sign and verify).`,
      );
  }
}

/** Reads a pasted or opened link; a link it cannot read says why in plain words. */
export function readPaymentLink(input: string): LinkReading {
  const text = input.trim();
  if (text.length > LINK_MAX_LENGTH) return fail('That link is too long to be a payment link.');
  let params: URLSearchParams;
  try {
    params = queryOf(text);
  } catch {
    return fail('That link cannot be read.');
  }
  const method = params.get('method');
  if (method !== null) return arkVaultLink(method, params);
  const aip13 = /^ark:([^?#/]+)(?:\?([^#]*))?$/i.exec(text);
  if (aip13 === null) {
    return fail(
      'That is not a payment link: expected ark:<address>?amount=… or an ArkVault link with ?method=….',
    );
  }
  let address: string;
  try {
    address = decodeURIComponent(aip13[1]!);
  } catch {
    return fail('That link cannot be read.');
  }
  const query = new URLSearchParams(aip13[2] ?? '');
  const read = transfer(address, optional(query, 'amount'), optional(query, 'vendorField'));
  return read.link === undefined ? fail(read.error) : { ok: true, link: read.link };
}
