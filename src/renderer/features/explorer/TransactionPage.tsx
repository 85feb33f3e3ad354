/** A transaction: every field, its block and confirmations, sender and recipient, and its asset made readable. */
import { Amount } from '../../components/Amount';
import { assetLines, kindLabel, paidAmount } from './asset-lines';
import { ExplorerLink } from './ExplorerLink';
import { ReadStatus } from '../../lib/use-read';
import { chainTime } from '../../lib/dates';
import { useTransaction } from '../../lib/reads/explorer';
import { useVotary } from '../../store';

const PAYS_RECIPIENT = new Set(['transfer', 'htlcLock']);

export function TransactionPage({ id }: { id: string }) {
  const read = useTransaction(id);
  // The network's epoch, for a time lock's expiry while the lock waits in a pool (asset-lines.ts).
  const epoch = useVotary((s) => s.configuration?.constants.epoch);
  if (read.state !== 'ready') {
    return (
      <article aria-labelledby="explorer-page-title">
        <h2 id="explorer-page-title">Transaction</h2>
        <ReadStatus read={read} what="the transaction" />
      </article>
    );
  }
  const tx = read.value;
  const epochMs = epoch === undefined ? undefined : Date.parse(epoch);
  const lines = assetLines(tx, epochMs === undefined || Number.isNaN(epochMs) ? undefined : epochMs);
  return (
    <article aria-labelledby="explorer-page-title">
      <h2 id="explorer-page-title">{kindLabel(tx)} transaction</h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd className="mono small">{tx.id}</dd>
        <dt>Status</dt>
        <dd>
          {tx.confirmed
            ? `Confirmed · ${tx.confirmations} confirmation${tx.confirmations === 1 ? '' : 's'}`
            : 'Waiting in the node’s pool (not in a block yet)'}
        </dd>
        {tx.blockId !== undefined && (
          <>
            <dt>Block</dt>
            <dd>
              <ExplorerLink to={{ page: 'block', id: tx.blockId }}>
                {tx.blockHeight === undefined ? tx.blockId : `Block ${tx.blockHeight}`}
              </ExplorerLink>
            </dd>
          </>
        )}
        {tx.timestamp !== undefined && (
          <>
            <dt>Time</dt>
            <dd>{chainTime(tx.timestamp)}</dd>
          </>
        )}
        <dt>Type</dt>
        <dd>
          {kindLabel(tx)} (type {tx.type}, group {tx.typeGroup}, version {tx.version})
        </dd>
        <dt>Sender</dt>
        <dd>
          <ExplorerLink to={{ page: 'wallet', address: tx.sender }} mono>
            {tx.sender}
          </ExplorerLink>
        </dd>
        <dt>Sender public key</dt>
        <dd className="mono small">{tx.senderPublicKey}</dd>
        {PAYS_RECIPIENT.has(tx.kind) && (
          <>
            <dt>Recipient</dt>
            <dd>
              <ExplorerLink to={{ page: 'wallet', address: tx.recipient }} mono>
                {tx.recipient}
              </ExplorerLink>
            </dd>
          </>
        )}
        <dt>Amount</dt>
        <dd>
          <Amount value={paidAmount(tx)} />
        </dd>
        <dt>Fee</dt>
        <dd>
          <Amount value={tx.fee} />
        </dd>
        {tx.nonce !== undefined && (
          <>
            <dt>Nonce</dt>
            <dd>{tx.nonce}</dd>
          </>
        )}
        {tx.memo !== undefined && (
          <>
            <dt>Memo</dt>
            <dd className="wrap">{tx.memo}</dd>
          </>
        )}
        {tx.signature !== undefined && (
          <>
            <dt>Signature</dt>
            <dd className="mono small wrap">{tx.signature}</dd>
          </>
        )}
        {tx.secondSignature !== undefined && (
          <>
            <dt>Second signature</dt>
            <dd className="mono small wrap">{tx.secondSignature}</dd>
          </>
        )}
        {tx.signatures?.map((signature, i) => (
          <div key={signature} className="contents">
            <dt>Signature {i + 1}</dt>
            <dd className="mono small wrap">{signature}</dd>
          </div>
        ))}
      </dl>
      {lines.length > 0 && (
        <section aria-labelledby="explorer-asset-title">
          <h3 id="explorer-asset-title">What it does</h3>
          <dl className="facts">
            {lines.map((line, i) => (
              <div key={`${line.label}-${i}`} className="contents">
                <dt>{line.label}</dt>
                <dd className={line.mono === true ? 'mono small' : undefined}>
                  {line.link === undefined ? (
                    line.text
                  ) : (
                    <ExplorerLink to={line.link} mono={line.mono === true}>
                      {line.text}
                    </ExplorerLink>
                  )}
                  {line.amount !== undefined && (
                    <>
                      {' '}
                      <Amount value={line.amount} />
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  );
}
