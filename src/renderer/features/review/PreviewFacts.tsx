/**
 * The facts of the one review (tx:preview, computed by the host from the ledger): who signs, by name and address;
 * what happens in words; for a vote, each delegate by the address and the key signed, with the node's name for it
 * said as the node's (core/services/transactions/vote-target.ts); the money in and out; the fee; the total out
 * (amount + fee); the balance before, what is pending, and the balance after; the locked balance when it moves;
 * the memo (wrapped, however long); warnings; and the hash of the prepared transaction's unsigned bytes, as the
 * host computed it for the very transaction it will sign (docs/design/signing.md) — never recomputed here —, in
 * short with the whole said to a screen reader and a copy button.
 */
import { useVotary } from '../../store';
import { DeviceMark } from '../../components/DeviceMark';
import type { TxPreview } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { shortId } from '../chain/explorer-nav';

/**
 * The hash the host gave for the transaction it prepared: short on screen (the whole in its title), the whole
 * said to a screen reader (a span takes no aria-label: axe's aria-prohibited-attr), copyable.
 */
export function UnsignedHash({ hash }: { hash: string }) {
  return (
    <>
      <span className="mono small" title={hash} aria-hidden="true">
        {shortId(hash)}
      </span>
      <span className="visually-hidden">{`Unsigned transaction hash ${hash}`}</span>{' '}
      <CopyButton text={hash} label="Copy the unsigned transaction hash" />
    </>
  );
}

export function PreviewFacts({ preview }: { preview: TxPreview }) {
  // The signing wallet's kind, for the device mark beside its name.
  const kind = useVotary((s) => s.wallets.find((wallet) => wallet.id === preview.walletId)?.kind);
  const moves = (value: string) => BigInt(value) !== 0n;
  const lockedMoves = preview.lockedBefore !== preview.lockedAfter;
  return (
    <>
      <p className="review-what" data-testid="review-what">
        {preview.what}
      </p>
      <dl className="facts">
        <dt>From wallet</dt>
        <dd data-testid="review-from">
          <strong>{preview.walletName}</strong>
          {kind !== undefined && (
            <>
              {' '}
              <DeviceMark wallet={{ kind }} />
            </>
          )}{' '}
          · <span className="mono small">{preview.address}</span>
        </dd>
        {(preview.votes ?? []).map((target) => (
          <div key={`${target.action}${target.publicKey}`} className="contents">
            <dt>{target.action === 'vote' ? 'Votes for' : 'Removes the vote for'}</dt>
            <dd data-testid={`review-${target.action}`}>
              {target.address !== undefined && <span className="mono small">{target.address}</span>}
              {target.address !== undefined && ' · '}
              key <span className="mono small">{target.publicKey}</span> ·{' '}
              {target.nodeName === undefined
                ? 'the node gives no delegate name for this key'
                : `“${target.nodeName}”, as the node names it`}
            </dd>
          </div>
        ))}
        {moves(preview.received) && (
          <>
            <dt>Comes in</dt>
            <dd data-testid="review-received">
              <Amount value={preview.received} signed="in" fiat />
            </dd>
          </>
        )}
        <dt>Amount</dt>
        <dd data-testid="review-sum">
          <Amount value={preview.sent} fiat />
        </dd>
        <dt>Fee</dt>
        <dd data-testid="review-fee">
          <Amount value={preview.fee} fiat />
        </dd>
        <dt>Total out</dt>
        <dd data-testid="review-total">
          <Amount value={preview.totalOut} fiat />
        </dd>
        <dt>Balance now</dt>
        <dd data-testid="review-balance-before">
          <Amount value={preview.balanceBefore} fiat />
        </dd>
        {moves(preview.pendingOut) && (
          <>
            <dt>Pending</dt>
            <dd data-testid="review-pending">
              <Amount value={preview.pendingOut} signed="out" /> on its way in earlier transactions
            </dd>
          </>
        )}
        <dt>Balance after</dt>
        <dd data-testid="review-balance-after">
          <Amount value={preview.balanceAfter} fiat />
        </dd>
        {lockedMoves && (
          <>
            <dt>Locked after</dt>
            <dd data-testid="review-locked-after">
              <Amount value={preview.lockedAfter} /> (now <Amount value={preview.lockedBefore} />)
            </dd>
          </>
        )}
        {preview.prepared !== undefined && (
          <>
            <dt>Unsigned hash</dt>
            <dd data-testid="review-unsigned-hash">
              <UnsignedHash hash={preview.prepared.unsignedHash} />
            </dd>
          </>
        )}
        {preview.memo !== undefined && (
          <>
            <dt>Memo</dt>
            <dd className="review-memo" data-testid="review-memo">
              {preview.memo}
            </dd>
          </>
        )}
      </dl>
      {preview.warnings.map((warning) => (
        <p key={warning} className="warning-note">
          {warning}
        </p>
      ))}
      {preview.problems.map((problem) => (
        <p key={problem.message} className="warning-note" role="alert">
          {problem.message}
        </p>
      ))}
    </>
  );
}
