import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../src/core/db';
import { WalletRepository } from '../../../src/core/db/repositories';
import type { Wallet } from '../../../src/core/domain';
import type { ReadContext } from '../../../src/core/db/read-model/context';
import { PublicKeyDirectory } from '../../../src/core/db/read-model/public-keys';
import { StatementCache } from '../../../src/core/db/read-model/sql/statement-cache';
import { devnet } from '../../../src/core/protocol/networks';
import type { QuerySource } from '../../../src/core/query/source';
import { WalletQueries } from '../../../src/core/query/wallets';
import assets from '../../fixtures/vectors/magistrate-handler-assets.json';

describe('a wallet’s legacy business in the wallets table', () => {
  it('is stored and read back whole (bridgechains and the assets a revert restores included)', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const repo = new WalletRepository(db);
    const wallet: Wallet = {
      address: 'DBYyh2vXcigrJGUHfvmYxVxEqeH7vomw6x',
      publicKey: '0205d9bbe71c343ac9a6a83a4344fd404c3534fc7349827097d0835d160bc2b896',
      balance: 5n,
      nonce: 3n,
      lockedBalance: 0n,
      business: {
        businessAsset: assets.businessUpdateAsset,
        previousAssets: [assets.businessRegistrationAsset],
        bridgechains: {
          [assets.bridgechainRegistrationAsset.genesisHash]: {
            bridgechainAsset: assets.bridgechainRegistrationAsset,
            resigned: true,
          },
        },
      },
    };
    repo.save(wallet);
    expect(repo.get(wallet.address)).toEqual(wallet);
    const { business: _business, ...without } = wallet;
    repo.save(without);
    expect(repo.get(wallet.address)?.business).toBeUndefined();
    db.close();
  });

  it('keeps a wallet that holds only a business (it is not empty)', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const repo = new WalletRepository(db);
    const address = 'DBYyh2vXcigrJGUHfvmYxVxEqeH7vomw6x';
    repo.save({
      address,
      balance: 0n,
      nonce: 0n,
      lockedBalance: 0n,
      business: { businessAsset: assets.businessRegistrationAsset },
    });
    expect(repo.get(address)?.business?.businessAsset).toEqual(assets.businessRegistrationAsset);
    db.close();
  });

  it('is the API’s `business` attribute as ARK shows it, without the assets kept for a revert', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const repo = new WalletRepository(db);
    const address = 'DBYyh2vXcigrJGUHfvmYxVxEqeH7vomw6x';
    const hash = assets.bridgechainRegistrationAsset.genesisHash;
    repo.save({
      address,
      balance: 1n,
      nonce: 2n,
      lockedBalance: 0n,
      business: {
        businessAsset: assets.businessUpdateAsset,
        previousAssets: [assets.businessRegistrationAsset],
        bridgechains: {
          [hash]: {
            bridgechainAsset: assets.bridgechainRegistrationAsset,
            previousAssets: [assets.bridgechainRegistrationAsset],
          },
        },
      },
    });
    const sql = new StatementCache(db);
    const read: ReadContext = {
      network: devnet,
      sql,
      keys: new PublicKeyDirectory(sql, devnet.network.pubKeyHash),
      height: () => 0,
      supply: () => ({ total: 0n }),
      now: () => 0,
    };
    // A wallet's record reads only the database: no node stands behind this source.
    const queries = new WalletQueries({ read, source: {} as QuerySource });
    const wallet = queries.find(address)!;
    expect(queries.records([wallet])[0]!.attributes).toEqual({
      business: {
        businessAsset: assets.businessUpdateAsset,
        bridgechains: { [hash]: { bridgechainAsset: assets.bridgechainRegistrationAsset } },
      },
    });
    db.close();
  });
});
