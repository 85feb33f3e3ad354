import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openDatabase } from '../../db';
import { MetaRepository } from '../../db/repositories';
import { CodedError } from '../../../shared/lib/coded-error';

/**
 * The block time a local chain runs with is a property of the chain, not of one run: slot ownership is checked
 * with it, so blocks forged with one block time only validate (and `node verify` only replays) with the same
 * one. LocalNode records it in `meta` when it creates the chain and uses it on every later start.
 */
export const BLOCK_TIME_META_KEY = 'node.blockTime';

export class BlockTimeConflictError extends CodedError<'ERR_BLOCK_TIME'> {
  override readonly name = 'BlockTimeConflictError';

  constructor(message: string) {
    super('ERR_BLOCK_TIME', message);
  }
}

/** The recorded block time of the chain database at `file`, if the file exists and has one. */
export function recordedBlockTime(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const db = openDatabase(file);
  try {
    if (!MetaRepository.present(db)) return undefined;
    const value = new MetaRepository(db).get(BLOCK_TIME_META_KEY);
    return value === undefined ? undefined : Number(value);
  } finally {
    db.close();
  }
}

export function recordBlockTime(db: Database.Database, seconds: number): void {
  new MetaRepository(db).set(BLOCK_TIME_META_KEY, String(seconds));
}

/** The recorded block time wins; asking for a different one is an error rather than an unverifiable chain. */
export function chooseBlockTime(
  recorded: number | undefined,
  requested: number | undefined,
): number | undefined {
  if (recorded !== undefined && requested !== undefined && recorded !== requested) {
    throw new BlockTimeConflictError(
      `this chain runs with a block time of ${recorded} s (recorded when it was created); it cannot continue with ${requested} s`,
    );
  }
  return recorded ?? requested;
}
