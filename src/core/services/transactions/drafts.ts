/**
 * From the renderer's draft (DraftInput: what a person chose on a screen) to the protocol's TransactionDraft,
 * which the key store signs. Everything the person did not choose is filled here: nonce, network, expiration
 * values relative to now, the HTLC secret. Nothing here holds a wallet key.
 */
import { randomBytes } from 'node:crypto';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { keyPairFromPassphrase } from '../../protocol/crypto';
import { sha256 } from '../../protocol/hash';
import { toHex } from '../../protocol/hex';
import { utf8Bytes } from '../../protocol/hash';
import { milestoneAt, type Milestone, type Network } from '../../protocol/networks';
import { epochTimestamp } from '../../protocol/time';
import { CoreType, HtlcExpiration, type TransactionDraft } from '../../protocol/transactions';
import type { DraftInput } from '../../../shared/domain/transactions';
import { ServiceError } from '../service-error';

export interface DraftContext {
  network: Network;
  /** Current chain height (HTLC height expirations are relative to it). */
  height: number;
  /** Unix milliseconds (HTLC time expirations are relative to it). */
  now: number;
  nonce: bigint;
}

export interface BuiltDraft {
  draft: TransactionDraft;
  /** HTLC lock: the secret the person keeps, and its hash (which the lock carries). */
  htlc?: { secret: string; secretHash: string };
  /** Second-signature registration: the passphrase to store once the node accepts it. */
  secondPassphrase?: string;
}

const BIP39_WORDS = new Set(wordlist);
const WIF_LIKE = /^[1-9A-HJ-NP-Za-km-z]{51,52}$/;

/**
 * A memo is public forever. One that looks like a recovery phrase (12 or more words, nearly all from the BIP39
 * list) or like a WIF private key is refused: pasting a phrase into the wrong field is a common way to lose funds.
 */
export function looksLikeSecret(memo: string): boolean {
  const words = memo.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length >= 12 && words.filter((w) => BIP39_WORDS.has(w)).length >= Math.ceil(words.length * 0.8))
    return true;
  return WIF_LIKE.test(memo.trim());
}

function checkMemo(memo: string | undefined): string | undefined {
  if (memo === undefined || memo === '') return undefined;
  if (looksLikeSecret(memo)) {
    throw new ServiceError(
      'ERR_MEMO_LOOKS_LIKE_PHRASE',
      'The memo looks like a recovery phrase or a private key. Memos are public forever: remove it and send again.',
    );
  }
  return memo;
}

const fee = (text: string | undefined): { fee?: bigint } => (text === undefined ? {} : { fee: BigInt(text) });

/** A fresh 32-byte secret and its SHA-256 (the HTLC claim reveals the secret; protocol.md §5 HTLC). */
export function newHtlcSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32);
  return { secret: toHex(secret), secretHash: toHex(sha256(secret)) };
}

function refuse(message: string): never {
  throw new ServiceError('ERR_NETWORK_RULES', message);
}

/**
 * What the network's milestone at the next height allows, checked before anything is signed: a node would refuse
 * the transaction and the person would only learn it from a rejected pending entry (ARK Core's
 * core-transactions handlers and crypto schemas read the same milestone keys: aip37 for a vote switch,
 * vendorFieldLength, multiPaymentLimit, htlcEnabled).
 */
export function checkNetworkRules(input: DraftInput, milestone: Milestone): void {
  if ('memo' in input && input.memo !== undefined) {
    const bytes = utf8Bytes(input.memo).length;
    if (bytes > milestone.vendorFieldLength) {
      refuse(
        `Memos on this network are at most ${milestone.vendorFieldLength} bytes; this one is ${bytes}. Shorten it.`,
      );
    }
  }
  switch (input.kind) {
    case 'vote':
      if (input.vote !== undefined && input.unvote !== undefined && milestone.aip37 !== true) {
        refuse(
          'This network does not allow changing a vote in one transaction: send the unvote, then the vote.',
        );
      }
      return;
    case 'multiPayment':
      if (milestone.multiPaymentLimit !== undefined && input.payments.length > milestone.multiPaymentLimit) {
        refuse(`A multipayment on this network pays at most ${milestone.multiPaymentLimit} recipients.`);
      }
      if (milestone.aip11 !== true) refuse('This network does not accept multipayments yet.');
      return;
    case 'htlcLock':
    case 'htlcClaim':
    case 'htlcRefund':
      if (milestone.aip11 !== true || milestone.htlcEnabled !== true) {
        refuse('This network does not accept hash time locks (HTLC).');
      }
      return;
    case 'delegateResignation':
      if (milestone.aip11 !== true) refuse('This network does not accept delegate resignations yet.');
      return;
    case 'multiSignature':
      if (milestone.aip11 !== true) refuse('This network does not accept multisignature registrations yet.');
      return;
    default:
      return;
  }
}

export function buildDraft(input: DraftInput, ctx: DraftContext): BuiltDraft {
  checkNetworkRules(input, milestoneAt(ctx.network, ctx.height + 1));
  const base = { nonce: ctx.nonce, ...fee(input.fee) };
  switch (input.kind) {
    case 'transfer': {
      const memo = checkMemo(input.memo);
      return {
        draft: {
          ...base,
          type: CoreType.Transfer,
          amount: BigInt(input.amount),
          recipientId: input.recipientId,
          ...(memo === undefined ? {} : { vendorField: memo }),
        },
      };
    }
    case 'multiPayment': {
      const memo = checkMemo(input.memo);
      return {
        draft: {
          ...base,
          type: CoreType.MultiPayment,
          asset: {
            payments: input.payments.map((p) => ({ recipientId: p.recipientId, amount: BigInt(p.amount) })),
          },
          ...(memo === undefined ? {} : { vendorField: memo }),
        },
      };
    }
    case 'vote': {
      // A switch unvotes first, then votes, in one transaction (ARK 3 with aip37, checked above).
      const votes = [
        ...(input.unvote === undefined ? [] : [`-${input.unvote.toLowerCase()}`]),
        ...(input.vote === undefined ? [] : [`+${input.vote.toLowerCase()}`]),
      ];
      return { draft: { ...base, type: CoreType.Vote, asset: { votes } } };
    }
    case 'secondSignature': {
      const publicKey = toHex(keyPairFromPassphrase(input.secondPassphrase).publicKey);
      return {
        draft: { ...base, type: CoreType.SecondSignature, asset: { signature: { publicKey } } },
        secondPassphrase: input.secondPassphrase,
      };
    }
    case 'delegateRegistration':
      return {
        draft: {
          ...base,
          type: CoreType.DelegateRegistration,
          asset: { delegate: { username: input.username } },
        },
      };
    case 'delegateResignation':
      return { draft: { ...base, type: CoreType.DelegateResignation } };
    case 'htlcLock': {
      const memo = checkMemo(input.memo);
      const htlc = newHtlcSecret();
      const expiration =
        input.expiration.type === 'time'
          ? {
              type: HtlcExpiration.EpochTimestamp,
              value: epochTimestamp(ctx.now, ctx.network) + input.expiration.afterSeconds,
            }
          : { type: HtlcExpiration.BlockHeight, value: ctx.height + input.expiration.afterBlocks };
      return {
        draft: {
          ...base,
          type: CoreType.HtlcLock,
          amount: BigInt(input.amount),
          recipientId: input.recipientId,
          asset: { lock: { secretHash: htlc.secretHash, expiration } },
          ...(memo === undefined ? {} : { vendorField: memo }),
        },
        htlc,
      };
    }
    case 'htlcClaim':
      return {
        draft: {
          ...base,
          type: CoreType.HtlcClaim,
          asset: {
            claim: {
              lockTransactionId: input.lockId.toLowerCase(),
              unlockSecret: input.secret.toLowerCase(),
            },
          },
        },
      };
    case 'htlcRefund':
      return {
        draft: {
          ...base,
          type: CoreType.HtlcRefund,
          asset: { refund: { lockTransactionId: input.lockId.toLowerCase() } },
        },
      };
    case 'multiSignature':
      return {
        draft: {
          ...base,
          type: CoreType.MultiSignature,
          asset: {
            multiSignature: { min: input.min, publicKeys: input.publicKeys.map((key) => key.toLowerCase()) },
          },
        },
      };
  }
}
