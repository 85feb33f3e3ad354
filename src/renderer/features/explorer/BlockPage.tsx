/** A block: its header, generator, reward and fees, the blocks before and after it, and its transactions. */
import { useState } from 'react';
import { Amount } from '../../components/Amount';
import { ExplorerLink } from './ExplorerLink';
import { TransactionTable } from './TransactionTable';
import { ReadStatus } from '../../lib/use-read';
import { chainTime } from '../../lib/dates';
import { useBlock, useBlockTransactions } from '../../lib/reads/explorer';

const PAGE = 25;

function BlockTransactions({ blockId }: { blockId: string }) {
  const [page, setPage] = useState(1);
  const read = useBlockTransactions(blockId, page, PAGE);
  if (read.state !== 'ready') return <ReadStatus read={read} what="transactions" />;
  return <TransactionTable page={read.value} caption="Transactions in this block" onPage={setPage} />;
}

export function BlockPage({ at }: { at: { id: string } | { height: number } }) {
  const read = useBlock(at);
  if (read.state !== 'ready') {
    return (
      <article aria-labelledby="explorer-page-title">
        <h2 id="explorer-page-title">Block {'height' in at ? at.height : ''}</h2>
        <ReadStatus read={read} what="the block" />
      </article>
    );
  }
  const b = read.value;
  return (
    <article aria-labelledby="explorer-page-title">
      <h2 id="explorer-page-title">Block {b.height}</h2>
      <nav className="row" aria-label="Neighbouring blocks">
        {b.height > 1 && (
          <ExplorerLink to={{ page: 'block', height: b.height - 1 }}>
            ‹ Previous block ({b.height - 1})
          </ExplorerLink>
        )}
        {b.nextHeight !== undefined && (
          <ExplorerLink to={{ page: 'block', height: b.nextHeight }}>
            Next block ({b.nextHeight}) ›
          </ExplorerLink>
        )}
      </nav>
      <dl className="facts">
        <dt>Id</dt>
        <dd className="mono small">{b.id}</dd>
        <dt>Height</dt>
        <dd>{b.height}</dd>
        <dt>Time</dt>
        <dd>{chainTime(b.timestamp)}</dd>
        <dt>Confirmations</dt>
        <dd>{b.confirmations}</dd>
        <dt>Generator</dt>
        <dd>
          <ExplorerLink to={{ page: 'wallet', address: b.generator.address }}>
            {b.generator.username ?? b.generator.address}
          </ExplorerLink>{' '}
          <span className="mono small">{b.generator.publicKey}</span>
        </dd>
        <dt>Transactions</dt>
        <dd>{b.transactions}</dd>
        <dt>Amount</dt>
        <dd>
          <Amount value={b.amount} />
        </dd>
        <dt>Reward</dt>
        <dd>
          <Amount value={b.reward} />
        </dd>
        <dt>Fees</dt>
        <dd>
          <Amount value={b.fee} />
        </dd>
        <dt>Reward + fees</dt>
        <dd>
          <Amount value={b.total} />
        </dd>
        <dt>Previous block id</dt>
        <dd className="mono small">
          {b.previousId === undefined ? (
            '— (genesis block)'
          ) : (
            <ExplorerLink to={{ page: 'block', id: b.previousId }} mono>
              {b.previousId}
            </ExplorerLink>
          )}
        </dd>
        <dt>Payload</dt>
        <dd className="mono small">
          {b.payloadLength} bytes · {b.payloadHash}
        </dd>
        <dt>Version</dt>
        <dd>{b.version}</dd>
        {b.signature !== undefined && (
          <>
            <dt>Signature</dt>
            <dd className="mono small wrap">{b.signature}</dd>
          </>
        )}
      </dl>
      {b.transactions > 0 ? (
        <BlockTransactions blockId={b.id} />
      ) : (
        <p className="muted">This block has no transactions.</p>
      )}
    </article>
  );
}
