/**
 * The delegate a vote or unvote goes to, as far as Votary can know it. What is signed is a public key (the vote
 * asset, protocol reference §4.2); its address is derived here from that key; the username and the resigned flag
 * are only the node's answer for the key (`/delegates/{key}`, ark-core-api.md §6.5 and §6.15), taken only when
 * the record is about that very key: its public key is the one asked and its address is the key's. Any other
 * record is the node's mistake or a lie, and names nothing (docs/design/ui.md "Review before every signature").
 */
import { unless404, type ChainReader, type DelegateRecord } from '../../client';
import { addressFromPublicKey, isValidPublicKey } from '../../protocol/crypto';

export interface VoteTarget {
  /** The key as signed (lower case, as drafts.ts writes it into the asset). */
  publicKey: string;
  /** Derived from the key on the wallet's network; undefined for a key that is not a curve point. */
  address: string | undefined;
  /** The node's record of this key. */
  delegate?: DelegateRecord;
  /** The node's answer when it is about something else: never used to name the target. */
  mismatch?: DelegateRecord;
}

/** What Votary knows of `key` without asking anyone: the key itself and its address. */
export function keyTarget(key: string, pubKeyHash: number): VoteTarget {
  const publicKey = key.toLowerCase();
  return {
    publicKey,
    address: isValidPublicKey(publicKey) ? addressFromPublicKey(publicKey, pubKeyHash) : undefined,
  };
}

/** The target of `key`, with the node's answer for it (a 404 is no answer; other failures are thrown). */
export async function voteTarget(reads: ChainReader, key: string, pubKeyHash: number): Promise<VoteTarget> {
  const target = keyTarget(key, pubKeyHash);
  const answer = await unless404(reads.delegate(target.publicKey));
  if (answer === undefined) return target;
  const same = answer.publicKey.toLowerCase() === target.publicKey && answer.address === target.address;
  return same ? { ...target, delegate: answer } : { ...target, mismatch: answer };
}

const shortKey = (publicKey: string) => `${publicKey.slice(0, 10)}…`;

/** The target in words: the node's name for it first when it has one, then its address and its key. */
export function targetWords(target: VoteTarget): string {
  const key = `key ${shortKey(target.publicKey)}`;
  if (target.delegate !== undefined) {
    return `${target.delegate.username} (${target.address ?? ''}, ${key})`;
  }
  return target.address === undefined ? `the ${key}` : `${target.address} (${key})`;
}

/** Why the node's answer for a key names nothing: for the vote field, which tx:send refuses it at. */
export function mismatchWords(target: VoteTarget, other: DelegateRecord): string {
  return (
    `The node's answer for the key ${shortKey(target.publicKey)} does not match it: it gave the record of ` +
    `“${other.username}” (${other.address}, key ${shortKey(other.publicKey)}). Votary cannot tell from this ` +
    'node whether the key is a delegate: check the key, or use another node.'
  );
}
