/** A delegate's forged blocks and its voters, page by page. */
import { useState, type ReactNode } from 'react';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { chainTime } from '../../lib/dates';
import { useDelegateBlocks, useDelegateVoters } from '../../lib/reads/delegates';

function Pager({
  label,
  page,
  pageCount,
  setPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  setPage: (p: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="row pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button type="button" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      {children}
    </>
  );
}

export function DelegateBlocks({ publicKey, tick }: { publicKey: string; tick: string }) {
  const reportError = useVotary((s) => s.reportError);
  const [page, setPage] = useState(1);
  const list = useDelegateBlocks(publicKey, page, tick, reportError);
  return (
    <Section title={`Blocks${list ? ` (${list.meta.totalCount})` : ''}`}>
      {/* A table only with rows in it: headers over no cells say nothing (nor while the first page loads). */}
      {list?.data.length === 0 && <p className="muted">This delegate has not forged a block yet.</p>}
      {list !== undefined && list.data.length > 0 && (
        <table data-testid="delegate-blocks">
          <caption className="visually-hidden">Blocks forged by this delegate, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Height</th>
              <th scope="col">Time</th>
              <th scope="col">Transactions</th>
              <th scope="col">Reward</th>
              <th scope="col">Fees</th>
            </tr>
          </thead>
          <tbody>
            {list?.data.map((block) => (
              <tr key={block.id}>
                <td>{block.height}</td>
                <td>{chainTime(block.timestamp)}</td>
                <td>{block.transactions}</td>
                <td>
                  <Amount value={block.reward} />
                </td>
                <td>
                  <Amount value={block.fee} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Block pages" page={page} pageCount={list?.meta.pageCount ?? 1} setPage={setPage} />
    </Section>
  );
}

export function DelegateVoters({ publicKey, tick }: { publicKey: string; tick: string }) {
  const reportError = useVotary((s) => s.reportError);
  const [page, setPage] = useState(1);
  const list = useDelegateVoters(publicKey, page, tick, reportError);
  return (
    <Section title={`Voters${list ? ` (${list.meta.totalCount})` : ''}`}>
      {list?.data.length === 0 ? (
        <p className="muted">No wallet votes for this delegate.</p>
      ) : (
        list !== undefined && (
          <table data-testid="delegate-voters">
            <caption className="visually-hidden">Wallets voting for this delegate</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {list?.data.map((voter) => (
                <tr key={voter.address}>
                  <td className="mono">
                    {voter.address}
                    {voter.delegate && <span className="badge">{voter.delegate.username}</span>}
                  </td>
                  <td>
                    <Amount value={voter.balance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      <Pager label="Voter pages" page={page} pageCount={list?.meta.pageCount ?? 1} setPage={setPage} />
    </Section>
  );
}
