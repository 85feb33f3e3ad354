/**
 * A node's refusal as a person reads it. ARK Core prefixes every pool error with `Transaction.toString()` —
 * `<sender>#<nonce> <last 8 of id> <HandlerKey> v<version>` (core/node/transaction-pool/describe.ts), which names the
 * transaction by its internal handler key ("HtlcClaim v2"): the prefix goes (the row already says which
 * transaction), and any internal type name left in the text becomes its words ("HTLC claim").
 */
import { CORE_TRANSACTION_KINDS } from '../../shared/domain/transaction-kinds';
import { kindLabel } from './kinds';

const ARK_PREFIX = /(?:\b[1-9A-HJ-NP-Za-km-z]{25,35}(?:#\d+)? )?\b[0-9a-f]{8} [A-Z][A-Za-z]+ v\d+ /g;
const KIND_NAMES = new RegExp(`\\b(${CORE_TRANSACTION_KINDS.join('|')})\\b`, 'gi');

export function plainNodeMessage(text: string): string {
  const words = text.replace(ARK_PREFIX, 'it ').replace(KIND_NAMES, (name) => {
    const kind = CORE_TRANSACTION_KINDS.find((known) => known.toLowerCase() === name.toLowerCase());
    return kind === undefined
      ? name
      : kindLabel({ kind }).toLowerCase().replace(/^htlc/, 'HTLC').replace(/^ipfs/, 'IPFS');
  });
  return words.replace(/^it /, 'It ');
}
