/**
 * A wallet as the chain knows it: balance, nonce, keys, vote, delegate attributes, open locks and its
 * transactions (chain:wallet, chain:wallet-locks, chain:wallet-transactions, through the active network).
 */
import { useState } from 'react';
import { Amount } from '../../components/Amount';
import { shortId } from './explorer-nav';
import { ExplorerLink } from './ExplorerLink';
import { AddressName } from '../contacts/AddressName';
import { TransactionTable } from './TransactionTable';
import { ReadStatus } from '../../lib/use-read';
import { dateTime } from '../../lib/dates';
import { useChainWallet, useWalletLocksPage, useWalletTransactionsPage } from '../../lib/reads/explorer';

const PAGE = 25;

function WalletTransactions({ address }: { address: string }) {
  const [page, setPage] = useState(1);
  const read = useWalletTransactionsPage(address, page, PAGE);
  if (read.state !== 'ready') return <ReadStatus read={read} what="transactions" />;
  return <TransactionTable page={read.value} caption="Transactions" onPage={setPage} />;
}

function WalletLocks({ address }: { address: string }) {
  const read = useWalletLocksPage(address);
  if (read.state !== 'ready') return <ReadStatus read={read} what="locks" />;
  if (read.value.data.length === 0) return null;
  return (
    <table className="explorer-table">
      <caption>Open HTLC locks ({read.value.meta.totalCount})</caption>
      <thead>
        <tr>
          <th scope="col">Lock</th>
          <th scope="col">Recipient</th>
          <th scope="col">Amount</th>
          <th scope="col">Expires</th>
        </tr>
      </thead>
      <tbody>
        {read.value.data.map((lock) => (
          <tr key={lock.lockId}>
            <td>
              <ExplorerLink to={{ page: 'transaction', id: lock.lockId }} mono label={`Lock ${lock.lockId}`}>
                {shortId(lock.lockId)}
              </ExplorerLink>
            </td>
            <td>
              <ExplorerLink to={{ page: 'wallet', address: lock.recipientId }} mono>
                {lock.recipientId}
              </ExplorerLink>
            </td>
            <td>
              <Amount value={lock.amount} />
            </td>
            <td>
              {lock.isExpired ? 'expired' : ''}{' '}
              {lock.expirationType === 'height'
                ? `height ${lock.expirationValue}`
                : lock.expiresAtUnix === undefined
                  ? 'at a time this node did not give'
                  : dateTime(lock.expiresAtUnix * 1000)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WalletView({ address }: { address: string }) {
  const read = useChainWallet(address);
  if (read.state !== 'ready') {
    return (
      <article aria-labelledby="explorer-page-title">
        <h2 id="explorer-page-title">
          Wallet {address}
          <AddressName address={address} />
        </h2>
        <ReadStatus read={read} what="the wallet" />
      </article>
    );
  }
  const w = read.value;
  const delegate = w.delegate;
  return (
    <article aria-labelledby="explorer-page-title">
      <h2 id="explorer-page-title">
        {delegate === undefined ? 'Wallet' : `Delegate ${delegate.username}`}{' '}
        <span className="mono small">{w.address}</span>
        <AddressName address={w.address} />
      </h2>
      {!w.known && (
        <p className="explorer-missing" role="status">
          The chain has never seen this address: nothing was sent to it or from it yet.
        </p>
      )}
      <dl className="facts">
        <dt>Address</dt>
        <dd className="mono">{w.address}</dd>
        <dt>Balance</dt>
        <dd>
          <Amount value={w.balance} />
        </dd>
        {w.lockedBalance !== '0' && (
          <>
            <dt>Locked in HTLCs</dt>
            <dd>
              <Amount value={w.lockedBalance} />
            </dd>
          </>
        )}
        <dt>Nonce</dt>
        <dd>{w.nonce}</dd>
        <dt>Public key</dt>
        <dd className="mono small">{w.publicKey ?? '— (has not sent a transaction yet)'}</dd>
        {w.secondPublicKey !== undefined && (
          <>
            <dt>Second public key</dt>
            <dd className="mono small">{w.secondPublicKey}</dd>
          </>
        )}
        {w.multiSignature !== undefined && (
          <>
            <dt>Multisignature</dt>
            <dd>
              {w.multiSignature.min} of {w.multiSignature.publicKeys.length} keys
            </dd>
          </>
        )}
        <dt>Vote</dt>
        <dd>
          {w.vote === undefined ? (
            'None'
          ) : (
            <ExplorerLink to={{ page: 'lookup', query: w.vote }} mono>
              {w.vote}
            </ExplorerLink>
          )}
        </dd>
      </dl>
      {delegate !== undefined && (
        <section aria-labelledby="explorer-delegate-title">
          <h3 id="explorer-delegate-title">Delegate</h3>
          <dl className="facts">
            <dt>Username</dt>
            <dd>{delegate.username}</dd>
            <dt>Rank</dt>
            <dd>{delegate.rank ?? '—'}</dd>
            <dt>Status</dt>
            <dd>{delegate.resigned ? 'Resigned' : 'Registered'}</dd>
            <dt>Votes</dt>
            <dd>
              <Amount value={delegate.votes} />
            </dd>
            <dt>Produced blocks</dt>
            <dd>{delegate.producedBlocks}</dd>
            <dt>Forged fees</dt>
            <dd>
              <Amount value={delegate.forgedFees} />
            </dd>
            <dt>Forged rewards</dt>
            <dd>
              <Amount value={delegate.forgedRewards} />
            </dd>
          </dl>
        </section>
      )}
      <WalletLocks address={w.address} />
      <WalletTransactions address={w.address} />
    </article>
  );
}
