/**
 * The parts of ARK's wallet attribute bag (ark-core-api.md §6.16) that live in their own tables: open HTLC locks
 * (ARK forgets `htlc` once a claim or refund brings the locked balance to zero: core-transactions
 * `handlers/two/htlc-claim.ts`, `htlc-refund.ts`; so `htlc` is there exactly while the wallet has open locks),
 * IPFS hashes and entities. Read for a page of wallets at once, one statement per table (the addresses are one
 * JSON parameter, so the statement is the same for every page).
 */
import { blockRowJoins, hexText } from '../block-encoding';
import type { ReadContext } from './context';
import { headerFromRow, type BlockRow } from '../repositories/blocks';
import { BLOCK_COLUMNS, type StoredBlock } from './blocks';

export interface OpenLock {
  id: string;
  amount: bigint;
  recipientId: string;
  timestamp: number;
  vendorField?: string;
  secretHash: string;
  expiration: { type: number; value: number };
}

export interface WalletEntity {
  id: string;
  type: number;
  subType: number;
  name: string;
  ipfsData?: string;
  resigned: boolean;
}

export interface WalletExtras {
  /** The wallet's open HTLC locks; absent when it has none. */
  locks?: OpenLock[];
  ipfsHashes: string[];
  entities: WalletEntity[];
  /** A delegate's last forged block (ARK keeps the whole header in `delegate.lastBlock`). */
  lastBlock?: StoredBlock;
}

const EMPTY: WalletExtras = { ipfsHashes: [], entities: [] };
const IN_ADDRESSES = '(SELECT value FROM json_each(?))';

interface LockRow {
  id: string;
  sender_address: string;
  amount: bigint;
  recipient_address: string;
  timestamp: bigint;
  vendor_field: string | null;
  secret_hash: string;
  expiration_type: bigint;
  expiration_value: bigint;
}

interface EntityRow {
  id: string;
  address: string;
  type: bigint;
  sub_type: bigint;
  name: string;
  ipfs_data: string | null;
  resigned: bigint;
}

export function walletExtras(ctx: ReadContext, addresses: readonly string[]): Map<string, WalletExtras> {
  const extras = new Map<string, WalletExtras>();
  if (addresses.length === 0) return extras;
  const param = [JSON.stringify(addresses)];
  const of = (address: string): WalletExtras => {
    let found = extras.get(address);
    if (!found) {
      found = { ipfsHashes: [], entities: [] };
      extras.set(address, found);
    }
    return found;
  };

  const locks = ctx.sql.all<LockRow>(
    `SELECT id, sender_address, amount, recipient_address, timestamp, vendor_field, secret_hash,
            expiration_type, expiration_value
       FROM locks WHERE sender_address IN ${IN_ADDRESSES} AND status = 'locked' ORDER BY height, id`,
    param,
  );
  for (const row of locks) {
    const lock: OpenLock = {
      id: row.id,
      amount: row.amount,
      recipientId: row.recipient_address,
      timestamp: Number(row.timestamp),
      secretHash: row.secret_hash,
      expiration: { type: Number(row.expiration_type), value: Number(row.expiration_value) },
    };
    if (row.vendor_field !== null) lock.vendorField = row.vendor_field;
    (of(row.sender_address).locks ??= []).push(lock);
  }

  const hashes = ctx.sql.all<{ hash: string; address: string }>(
    `SELECT hash, address FROM ipfs_hashes WHERE address IN ${IN_ADDRESSES} ORDER BY hash`,
    param,
  );
  for (const row of hashes) of(row.address).ipfsHashes.push(row.hash);

  const entities = ctx.sql.all<EntityRow>(
    `SELECT id, address, type, sub_type, name, ipfs_data, resigned FROM entities
      WHERE address IN ${IN_ADDRESSES} ORDER BY id`,
    param,
  );
  const lastBlocks = ctx.sql.all<BlockRow & { address: string }>(
    `SELECT d.address AS address, ${BLOCK_COLUMNS} FROM delegates d
       JOIN blocks b ON b.height = d.last_block_height AND ${hexText('b.id')} = d.last_block_id${blockRowJoins('b')}
      WHERE d.address IN ${IN_ADDRESSES}`,
    param,
  );
  for (const { address, ...block } of lastBlocks) of(address).lastBlock = headerFromRow(block) as StoredBlock;

  for (const row of entities) {
    const entity: WalletEntity = {
      id: row.id,
      type: Number(row.type),
      subType: Number(row.sub_type),
      name: row.name,
      resigned: row.resigned === 1n,
    };
    if (row.ipfs_data !== null) entity.ipfsData = row.ipfs_data;
    of(row.address).entities.push(entity);
  }
  return extras;
}

export function extrasOf(extras: Map<string, WalletExtras>, address: string): WalletExtras {
  return extras.get(address) ?? EMPTY;
}
