/**
 * A payment request as an `ark:` URI, the form ARK wallets scan (AIP-13 "URI Scheme"):
 * `ark:<address>?amount=<decimal tokens>&vendorField=<memo>`, parameters percent-encoded, each only when given.
 */
import { plainAmount } from './amount';

export interface PaymentRequest {
  address: string;
  /** Arktoshi; written as tokens with "." as the decimal separator, as AIP-13 asks. */
  amount?: string;
  memo?: string;
}

export function paymentUri(request: PaymentRequest): string {
  const query: string[] = [];
  if (request.amount !== undefined && BigInt(request.amount) > 0n) {
    query.push(`amount=${plainAmount(request.amount, '.')}`);
  }
  if (request.memo !== undefined && request.memo !== '') {
    query.push(`vendorField=${encodeURIComponent(request.memo)}`);
  }
  return `ark:${request.address}${query.length === 0 ? '' : `?${query.join('&')}`}`;
}
