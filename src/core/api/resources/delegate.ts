/** The delegate resource (ark-core-api.md §6.15): amounts as integer strings, absent parts omitted. */
import type { TimestampObject } from '../../protocol/time';
import type { DelegateRecord } from '../../domain';

export interface DelegateResource {
  username: string;
  address: string;
  publicKey: string;
  votes: string;
  rank?: number;
  isResigned: boolean;
  blocks: { produced: number; last?: { id: string; height: number; timestamp: TimestampObject } };
  production: { approval: number };
  forged: { fees: string; rewards: string; total: string };
}

export function delegateResource(record: DelegateRecord): DelegateResource {
  return {
    username: record.username,
    address: record.address,
    publicKey: record.publicKey,
    votes: record.votes.toString(),
    ...(record.rank === undefined ? {} : { rank: record.rank }),
    isResigned: record.isResigned,
    blocks: {
      produced: record.blocks.produced,
      ...(record.blocks.last === undefined ? {} : { last: record.blocks.last }),
    },
    production: { approval: record.production.approval },
    forged: {
      fees: record.forged.fees.toString(),
      rewards: record.forged.rewards.toString(),
      total: record.forged.total.toString(),
    },
  };
}
