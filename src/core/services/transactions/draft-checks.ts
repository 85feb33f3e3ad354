/**
 * Everything a node would refuse about a draft, checked before the review and said as a sentence at the field it
 * concerns (tx:preview; tx:send checks again). The rules are ARK Core 3.9.1's: the crypto schemas
 * (core-crypto `transactions/types/schemas.ts`: the delegate username pattern, vendorField bytes) and the
 * core-transactions handlers (a username already taken, a wallet already a delegate, a resigned delegate, a vote
 * for what is not a delegate, a claim's secret against the lock's hash, a refund before expiry, a lock's expiration
 * at least one round ahead: src/core/node/transaction-handlers/), read at the milestone of the next height.
 */
import type { ChainReader, LockRecord } from '../../client';
import { unless404 } from '../../client';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../protocol/crypto';
import { sha256, utf8Bytes } from '../../protocol/hash';
import { fromHex, toHex } from '../../protocol/hex';
import type { Milestone, Network } from '../../protocol/networks';
import { epochTimestamp } from '../../protocol/time';
import type { DraftInput } from '../../../shared/domain/transactions';
import { addressProblem } from '../../../shared/lib/address-check';
import { usernameProblem } from '../../../shared/lib/delegate-name';
import { durationWords } from '../../../shared/lib/duration-words';
import { looksLikeSecret } from './drafts';
import type { ServiceErrorCode } from '../service-error';
import { mismatchWords, voteTarget } from './vote-target';
import { SECOND_ALREADY_REGISTERED } from './refusals';

export interface DraftProblem {
  /** The form field it concerns: recipientId, amount, memo, username, vote, lockId, secret, expiration, wallet. */
  field: string;
  message: string;
  /** The typed error it is refused with (ERR_INVALID_DRAFT when absent). */
  code?: ServiceErrorCode | 'ERR_WATCH_ONLY';
}

export interface CheckContext {
  network: Network;
  milestone: Milestone;
  /** The chain's height now (the next transaction goes into height + 1). */
  height: number;
  /** The last block's epoch timestamp (a time lock expires against it), from the clock when unknown. */
  lastBlockTimestamp: number;
  reads: ChainReader;
  /** The sender's chain state as far as the rules need it. */
  sender: {
    address: string;
    delegate?: { username: string; resigned: boolean } | undefined;
    vote?: string | undefined;
    secondPublicKey?: string | undefined;
  };
  now: number;
  /** The network's nodes run ARK Core with `--env=test`: a lock need only expire after the last block. */
  arkTestMode: boolean;
}

function memoProblems(input: DraftInput, milestone: Milestone): DraftProblem[] {
  if (!('memo' in input) || input.memo === undefined || input.memo === '') return [];
  const bytes = utf8Bytes(input.memo).length;
  if (bytes > milestone.vendorFieldLength) {
    return [
      {
        field: 'memo',
        code: 'ERR_NETWORK_RULES',
        message: `A memo on this network holds at most ${milestone.vendorFieldLength} bytes; this one has ${bytes} (letters outside English take 2–4 bytes each). Shorten it.`,
      },
    ];
  }
  if (looksLikeSecret(input.memo)) {
    return [
      {
        field: 'memo',
        code: 'ERR_MEMO_LOOKS_LIKE_PHRASE',
        message:
          'This memo looks like a recovery phrase or a private key. Memos are public forever: remove it.',
      },
    ];
  }
  return [];
}

function recipientProblems(input: DraftInput, network: Network): DraftProblem[] {
  const addresses =
    input.kind === 'transfer' || input.kind === 'htlcLock'
      ? [input.recipientId]
      : input.kind === 'multiPayment'
        ? input.payments.map((p) => p.recipientId)
        : [];
  for (const address of addresses) {
    const problem = addressProblem(address, network.network.pubKeyHash);
    if (problem !== undefined) return [{ field: 'recipientId', message: problem }];
  }
  return [];
}

/** A lock as the claim and refund checks need it, or the reason it cannot be used. */
async function openLock(reads: ChainReader, lockId: string): Promise<LockRecord | DraftProblem> {
  const lock = await unless404(reads.lock(lockId.toLowerCase()));
  if (lock === undefined) {
    return {
      field: 'lockId',
      message: 'No open lock has this id: it was claimed or refunded already, or is not in a block yet.',
    };
  }
  return lock;
}

/**
 * When a lock expires, in a person's terms: a height lock by its block and the blocks still to come, a time lock by
 * how far off its moment is (an epoch second means nothing to a person). `expired` words: "expired about 3 minutes
 * ago"; else "after block 120, in 21 blocks" or "in about 46 seconds".
 */
function expiryWords(lock: LockRecord, ctx: Pick<CheckContext, 'height' | 'now' | 'network'>): string {
  if (lock.expirationType === 2) {
    const left = lock.expirationValue - ctx.height;
    if (lock.isExpired || left <= 0) return `at block ${lock.expirationValue}`;
    return `after block ${lock.expirationValue}, in ${left} block${left === 1 ? '' : 's'}`;
  }
  const left = lock.expirationValue - epochTimestamp(ctx.now, ctx.network);
  if (!lock.isExpired && left > 0) return `in about ${durationWords(left)}`;
  // The node's last block passed it; this clock may lag that block by a moment.
  return left >= 0 ? 'a moment ago' : `about ${durationWords(-left)} ago`;
}

/**
 * A registration's asset as ARK Core 3's MultiSignatureRegistrationTransactionHandler checks it: min within the
 * keys, no key twice, keys that are curve points, and a wallet (at the address the asset derives) not registered
 * already (MultiSignatureAlreadyRegisteredError).
 */
async function multiSignatureProblems(
  input: Extract<DraftInput, { kind: 'multiSignature' }>,
  ctx: CheckContext,
): Promise<DraftProblem[]> {
  if (input.min > input.publicKeys.length) {
    return [
      {
        field: 'min',
        message: `At most ${input.publicKeys.length} of ${input.publicKeys.length} participants can be required.`,
      },
    ];
  }
  const keys = input.publicKeys.map((key) => key.toLowerCase());
  if (new Set(keys).size !== keys.length) {
    return [
      { field: 'publicKeys', message: 'A participant is listed twice: every public key must be different.' },
    ];
  }
  let address: string;
  try {
    address = addressFromPublicKey(
      multiSignaturePublicKey({ min: input.min, publicKeys: keys }),
      ctx.network.network.pubKeyHash,
    );
  } catch (error) {
    return [
      {
        field: 'publicKeys',
        message: `These keys do not make a multisignature wallet: ${(error as Error).message}.`,
      },
    ];
  }
  const existing = await unless404(ctx.reads.wallet(address)).catch(() => undefined);
  if (existing?.attributes.multiSignature !== undefined) {
    return [
      {
        field: 'publicKeys',
        code: 'ERR_ALREADY_REGISTERED',
        message: `This multisignature wallet (${address}) is registered already: import it instead.`,
      },
    ];
  }
  return [];
}

async function kindProblems(input: DraftInput, ctx: CheckContext): Promise<DraftProblem[]> {
  const { milestone, sender, reads } = ctx;
  switch (input.kind) {
    case 'multiSignature':
      return multiSignatureProblems(input, ctx);
    case 'delegateRegistration': {
      const problem = usernameProblem(input.username);
      if (problem !== undefined) return [{ field: 'username', message: problem }];
      if (sender.delegate !== undefined) {
        return [
          {
            field: 'username',
            message: `This wallet is already the delegate “${sender.delegate.username}”: a wallet registers once.`,
          },
        ];
      }
      const taken = await unless404(reads.delegate(input.username));
      if (taken !== undefined && taken.username === input.username) {
        return [
          {
            field: 'username',
            message: `The name “${input.username}” is taken by the delegate ${taken.address}. Choose another.`,
          },
        ];
      }
      return [];
    }
    case 'delegateResignation':
      if (sender.delegate === undefined) {
        return [{ field: 'wallet', message: 'This wallet is not a delegate: there is nothing to resign.' }];
      }
      if (sender.delegate.resigned) {
        return [
          { field: 'wallet', message: `The delegate “${sender.delegate.username}” has resigned already.` },
        ];
      }
      return [];
    case 'vote': {
      if (input.unvote !== undefined && input.unvote.toLowerCase() !== sender.vote?.toLowerCase()) {
        return [
          {
            field: 'vote',
            message: 'This wallet does not vote for that delegate: there is nothing to unvote.',
          },
        ];
      }
      if (input.unvote === undefined && input.vote !== undefined && sender.vote !== undefined) {
        return [{ field: 'vote', message: 'This wallet votes for a delegate already: unvote it first.' }];
      }
      if (input.vote === undefined) return [];
      // Only the node's record of this very key says whether it is a delegate (vote-target.ts).
      const target = await voteTarget(reads, input.vote, ctx.network.network.pubKeyHash);
      if (target.mismatch !== undefined) {
        return [{ field: 'vote', message: mismatchWords(target, target.mismatch) }];
      }
      const delegate = target.delegate;
      if (delegate === undefined) return [{ field: 'vote', message: 'This public key is not a delegate.' }];
      if (delegate.isResigned) {
        return [{ field: 'vote', message: `“${delegate.username}” has resigned: votes for it are refused.` }];
      }
      return [];
    }
    case 'secondSignature':
      return sender.secondPublicKey === undefined
        ? []
        : [
            {
              field: 'wallet',
              code: 'ERR_ALREADY_REGISTERED',
              message: SECOND_ALREADY_REGISTERED,
            },
          ];
    case 'htlcLock': {
      // One round ahead at least (the lock handler's rule, protocol.md §5); ARK Core run with `--env=test` drops the
      // round (core-transactions/src/handlers/htlc-lock.ts), so a lock there need only outlast the last block.
      const round = ctx.arkTestMode ? 0 : milestone.activeDelegates;
      const lasting = ctx.arkTestMode ? 'outlast the last block' : 'last more than one round';
      if (input.expiration.type === 'height' && input.expiration.afterBlocks <= round) {
        return [
          {
            field: 'expiration',
            message: `A lock must ${lasting}: more than ${round} blocks from now.`,
          },
        ];
      }
      if (input.expiration.type === 'time') {
        const expires = epochTimestamp(ctx.now, ctx.network) + input.expiration.afterSeconds;
        const minimum = ctx.lastBlockTimestamp + round * milestone.blocktime;
        if (expires <= minimum) {
          const seconds = minimum - epochTimestamp(ctx.now, ctx.network);
          return [
            {
              field: 'expiration',
              message: `A lock must ${lasting}: more than ${Math.max(0, seconds)} seconds from now.`,
            },
          ];
        }
      }
      return [];
    }
    case 'htlcClaim': {
      const lock = await openLock(reads, input.lockId);
      if ('field' in lock) return [lock];
      if (lock.isExpired) {
        return [
          {
            field: 'lockId',
            message: `This lock expired ${expiryWords(lock, ctx)}: it can no longer be claimed, only refunded to its sender.`,
          },
        ];
      }
      if (toHex(sha256(fromHex(input.secret.toLowerCase()))) !== lock.secretHash.toLowerCase()) {
        return [
          {
            field: 'secret',
            message:
              'This secret does not open the lock: its SHA-256 is not the lock’s secret hash. Check it.',
          },
        ];
      }
      return [];
    }
    case 'htlcRefund': {
      const lock = await openLock(reads, input.lockId);
      if ('field' in lock) return [lock];
      if (!lock.isExpired) {
        return [
          {
            field: 'lockId',
            message: `This lock has not expired yet: it can be refunded ${expiryWords(lock, ctx)}.`,
          },
        ];
      }
      return [];
    }
    default:
      return [];
  }
}

/** Every problem a node would find with this draft, before any signature. */
export async function draftProblems(input: DraftInput, ctx: CheckContext): Promise<DraftProblem[]> {
  return [
    ...recipientProblems(input, ctx.network),
    ...memoProblems(input, ctx.milestone),
    ...(await kindProblems(input, ctx)),
  ];
}
