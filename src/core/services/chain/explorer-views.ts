/**
 * The explorer's page DTOs from the client's answers: a block with its header and neighbours, a
 * transaction with its signatures and the asset of every Core type made readable. Amounts become decimal strings
 * here (docs/design/architecture.md "Contracts"); a remote node's asset is only loosely checked, so it is read
 * defensively.
 */
import type { BlockRecord, TransactionRecord } from '../../client';
import type { BlockDetail, TransactionDetail, VoteTarget } from '../../../shared/domain/explorer';
import { blockView, record, text, transactionView } from './views';

export function blockDetail(block: BlockRecord): BlockDetail {
  return {
    ...blockView(block),
    version: block.version,
    // The genesis block names no predecessor (ARK stores "0" or nothing there).
    ...(block.height > 1 && block.previous !== undefined && block.previous !== '0'
      ? { previousId: block.previous }
      : {}),
    // `confirmations` counts the blocks built on this one (ark-core-api.md §6.13), so 0 means it is the tip.
    ...(block.confirmations > 0 ? { nextHeight: block.height + 1 } : {}),
    total: block.forged.total.toString(),
    payloadHash: block.payload.hash,
    payloadLength: block.payload.length,
    ...(block.signature === undefined ? {} : { signature: block.signature }),
  };
}

/** `+<publicKey>` votes, `-<publicKey>` unvotes (protocol reference: vote asset, AIP-11 type 3). */
export function voteTargets(votes: readonly string[]): VoteTarget[] {
  return votes.flatMap((vote) => {
    const sign = vote.charAt(0);
    if (sign !== '+' && sign !== '-') return [];
    return [{ action: sign === '+' ? ('vote' as const) : ('unvote' as const), publicKey: vote.slice(1) }];
  });
}

/** The parts of an asset transactionView does not already read: second key, multisignature, IPFS, claim secret. */
function assetExtras(asset: Record<string, unknown> | undefined): Partial<TransactionDetail> {
  if (asset === undefined) return {};
  const out: Partial<TransactionDetail> = {};
  const secondPublicKey = text(record(asset['signature'])?.['publicKey']);
  if (secondPublicKey !== undefined) out.secondPublicKey = secondPublicKey;
  const multi = record(asset['multiSignature']);
  if (multi !== undefined && typeof multi['min'] === 'number' && Array.isArray(multi['publicKeys'])) {
    out.multiSignature = {
      min: multi['min'],
      publicKeys: multi['publicKeys'].filter((key): key is string => typeof key === 'string'),
    };
  }
  const ipfs = text(asset['ipfs']);
  if (ipfs !== undefined) out.ipfs = ipfs;
  const unlockSecret = text(record(asset['claim'])?.['unlockSecret']);
  if (unlockSecret !== undefined) out.unlockSecret = unlockSecret;
  return out;
}

export function transactionDetail(
  tx: TransactionRecord,
  context: { confirmed: boolean; blockHeight?: number | undefined; usernames?: ReadonlyMap<string, string> },
): TransactionDetail {
  const view = transactionView(tx);
  const targets =
    view.votes === undefined
      ? undefined
      : voteTargets(view.votes).map((target) => {
          const username = context.usernames?.get(target.publicKey);
          return username === undefined ? target : { ...target, username };
        });
  return {
    ...view,
    version: tx.version,
    confirmed: context.confirmed,
    ...(context.blockHeight === undefined ? {} : { blockHeight: context.blockHeight }),
    ...(tx.signature === undefined ? {} : { signature: tx.signature }),
    // ARK 3.x names it `signSignature` in the transformed form and `secondSignature` in the raw one.
    ...((tx.secondSignature ?? tx.signSignature) === undefined
      ? {}
      : { secondSignature: tx.secondSignature ?? tx.signSignature }),
    ...(tx.signatures === undefined ? {} : { signatures: tx.signatures }),
    ...(targets === undefined ? {} : { voteTargets: targets }),
    ...assetExtras(record(tx.asset)),
  };
}
