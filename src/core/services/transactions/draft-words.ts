/**
 * What the review says a draft does, in words (docs/design/ui.md "Review before every signature"): the sentence, the
 * warnings that come with that kind of transaction, and for a vote each target by the key signed
 * (vote-target.ts). Amounts are said in the network's token. Used by tx:preview (preview.ts).
 */
import type { ChainReader } from '../../client';
import type { LedgerLock } from '../../domain';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../protocol/crypto';
import type { DraftInput, VoteTargetView } from '../../../shared/domain/transactions';
import { durationWords } from '../../../shared/lib/duration-words';
import { RESIGNATION_WARNING, SECOND_SIGNATURE_WARNING } from '../../../shared/lib/kind-warnings';
import { keyTarget, targetWords, voteTarget, type VoteTarget } from './vote-target';

/** An arktoshi amount in the token, its thousands grouped, its trailing zeros dropped. */
export function tokens(arktoshi: bigint, token: string): string {
  const negative = arktoshi < 0n;
  const magnitude = negative ? -arktoshi : arktoshi;
  const whole = (magnitude / 100_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`} ${token}`;
}

export interface Words {
  what: string;
  warnings: string[];
  votes?: VoteTargetView[];
}

/**
 * A vote's targets, each by the key signed and the address derived from it; the node's name only from its record
 * of that key (vote-target.ts). A failed read names nothing: the review still says the key and the address.
 */
async function targetsOf(
  reads: ChainReader,
  pubKeyHash: number,
  input: Extract<DraftInput, { kind: 'vote' }>,
): Promise<{ action: 'unvote' | 'vote'; target: VoteTarget }[]> {
  const asked = [
    ...(input.unvote === undefined ? [] : [{ action: 'unvote' as const, key: input.unvote }]),
    ...(input.vote === undefined ? [] : [{ action: 'vote' as const, key: input.vote }]),
  ];
  return Promise.all(
    asked.map(async ({ action, key }) => ({
      action,
      target: await voteTarget(reads, key, pubKeyHash).catch(() => keyTarget(key, pubKeyHash)),
    })),
  );
}

function voteWords(targets: { action: 'unvote' | 'vote'; target: VoteTarget }[]): Words {
  const unvote = targets.find((t) => t.action === 'unvote')?.target;
  const vote = targets.find((t) => t.action === 'vote')?.target;
  const what =
    unvote !== undefined && vote !== undefined
      ? `Switch your vote from ${targetWords(unvote)} to ${targetWords(vote)}`
      : vote !== undefined
        ? `Vote for ${targetWords(vote)}`
        : `Remove your vote for ${unvote === undefined ? '' : targetWords(unvote)}`;
  // A username is the node's word for a key, never a fact of the chain: said so whenever one is given.
  const named = targets.filter((t) => t.target.delegate !== undefined).length;
  const said = named === 0 ? '' : named === 1 ? ', as the node names it' : ', as the node names them';
  return {
    what: `${what}${said}`,
    warnings: [],
    votes: targets.map(({ action, target }) => ({
      action,
      publicKey: target.publicKey,
      ...(target.address === undefined ? {} : { address: target.address }),
      ...(target.delegate === undefined ? {} : { nodeName: target.delegate.username }),
    })),
  };
}

export async function wordsOf(
  input: DraftInput,
  ctx: {
    reads: ChainReader;
    token: string;
    lock: LedgerLock | undefined;
    expired: boolean;
    self: string;
    pubKeyHash: number;
  },
  delegate: { username: string } | undefined,
): Promise<Words> {
  const say = (value: bigint | string) => tokens(BigInt(value), ctx.token);
  switch (input.kind) {
    case 'transfer':
      return { what: `Send ${say(input.amount)} to ${input.recipientId}`, warnings: [] };
    case 'multiPayment':
      return {
        what: `Pay ${input.payments.length} recipients ${say(input.payments.reduce((s, p) => s + BigInt(p.amount), 0n))} in all`,
        warnings: [],
      };
    case 'vote':
      // The vote page's words (features/vote/vote-steps.ts), each target identified by its key.
      return voteWords(await targetsOf(ctx.reads, ctx.pubKeyHash, input));
    case 'secondSignature':
      return {
        what: 'Register a second passphrase for this wallet',
        warnings: [SECOND_SIGNATURE_WARNING],
      };
    case 'delegateRegistration':
      return { what: `Register this wallet as the delegate “${input.username}”`, warnings: [] };
    case 'delegateResignation':
      return {
        what: `Resign as the delegate ${delegate?.username ?? ''}`,
        warnings: [RESIGNATION_WARNING],
      };
    case 'htlcLock': {
      const until =
        input.expiration.type === 'height'
          ? `${input.expiration.afterBlocks} block${input.expiration.afterBlocks === 1 ? '' : 's'}`
          : durationWords(input.expiration.afterSeconds);
      return {
        what: `Lock ${say(input.amount)} for ${input.recipientId}, claimable with the secret for ${until}, then refundable to this wallet.`,
        warnings: [
          'The vault keeps the secret with the lock: the recipient needs it to claim, so share it when the deal is done.',
        ],
      };
    }
    case 'htlcClaim': {
      const lock = ctx.lock;
      if (lock === undefined) return { what: `Claim the lock ${input.lockId}`, warnings: [] };
      const to = lock.recipient === ctx.self ? 'this wallet' : lock.recipient;
      return { what: `Claim the lock ${input.lockId}: ${say(lock.amount)} go to ${to}`, warnings: [] };
    }
    case 'multiSignature': {
      const address = addressFromPublicKey(
        multiSignaturePublicKey({ min: input.min, publicKeys: input.publicKeys.map((k) => k.toLowerCase()) }),
        ctx.pubKeyHash,
      );
      return {
        what: `Register a ${input.min}-of-${input.publicKeys.length} multisignature wallet at ${address}`,
        warnings: [
          `Every one of the ${input.publicKeys.length} participants signs first, then this wallet, which pays the fee.`,
          `From then on ${input.min} of them must sign every transaction of ${address}.`,
        ],
      };
    }
    case 'htlcRefund': {
      const lock = ctx.lock;
      const back =
        lock === undefined
          ? ''
          : `: ${say(lock.amount)} return to the balance of ${lock.sender === ctx.self ? 'this wallet' : lock.sender}`;
      return {
        what: ctx.expired
          ? `Refund the expired lock ${input.lockId}${back}`
          : `Refund the lock ${input.lockId} (not expired yet)${back}`,
        warnings: [],
      };
    }
  }
}
