/**
 * One read of a chain about a pending entry: `/transactions/{id}` and the block the answer names, held against the
 * transaction the app sent (pending-answer.ts). What it says is the answering node's word unless the chain is this
 * process's own (docs/design/security.md "Remote nodes"); the pending tracker decides what to make of it.
 */
import type { ChainAccess } from '../../chain-access';
import { unless404 } from '../../client';
import { blockMismatch, transactionMismatch } from './pending-answer';
import type { PendingRecord } from './pending-store';
import { badAnswer } from './reasons';

/** What one read of the chain says about an entry. */
export type Reading =
  /** In a block: `reportedBy` is the remote node whose word that is (undefined: a block this process verified). */
  | { kind: 'in-block'; height: number; reportedBy: string | undefined }
  | { kind: 'in-no-block' }
  /** The answer is about something else (pending-answer.ts): why, in words. */
  | { kind: 'bad-answer'; reason: string }
  /** Its block left the chain between the two reads: the next check sees. */
  | { kind: 'unsure' };

/** The chain's answer about the entry, held against the transaction the app sent. */
export async function readPendingAnswer(entry: PendingRecord, chain: ChainAccess): Promise<Reading> {
  let answeredBy: string | undefined;
  const answer = await unless404(
    chain.reads.transaction(entry.id, {
      answeredBy: (url) => {
        answeredBy = url;
      },
    }),
  );
  if (answer === undefined) return { kind: 'in-no-block' };
  // A node in this process holds only blocks it verified; any other node's answer is its word, named by its host.
  const reportedBy = chain.inProcess ? undefined : (hostOf(answeredBy) ?? 'A node of this network');
  const node = reportedBy ?? 'This app’s own node';
  const wrong = transactionMismatch(entry, answer);
  if (wrong !== undefined) return { kind: 'bad-answer', reason: badAnswer(node, wrong) };
  // The height of the block the chain itself names. Not `tip - confirmations + 1`: the node answers at its
  // own tip, which runs ahead of the tip this check started from, so that sum fell blocks short (and a
  // later rollback above the wrong height left the entry "confirmed" in a block that no longer held it).
  if (answer.blockId === undefined) return { kind: 'unsure' };
  const block = await unless404(chain.reads.block(answer.blockId));
  if (block === undefined) return { kind: 'unsure' };
  const wrongBlock = blockMismatch(entry, answer.blockId, block, chain.inProcess);
  if (wrongBlock !== undefined) return { kind: 'bad-answer', reason: badAnswer(node, wrongBlock) };
  return { kind: 'in-block', height: block.height, reportedBy };
}

/** `host:port` of a node's base URL, as the person added it. */
function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
