/**
 * The one review before a participant signs (the facts of tx:preview, from the host: PreviewFacts), its problems
 * (a node would refuse: nothing is signed then), the vault password when signing needs it again, and where the
 * signed proposal goes: the network's multisignature server, or a document to save or show as a QR code.
 */
import type { WalletView } from '../../../shared/domain/wallets';
import { LedgerReviewNotice } from '../ledger/LedgerReviewNotice';
import { useState } from 'react';
import type { TxPreview } from '../../../shared/domain/transactions';
import { useVotary } from '../../store';
import { PreviewFacts } from '../review/PreviewFacts';
import { AddressName, UnknownRecipients } from '../contacts/AddressName';
import { SigningPasswordField, useSigningPassword } from '../review/SigningPassword';

export type Via = 'server' | 'file';

export interface ConfirmInput {
  via: Via;
  password?: string;
}

export function MultisigReview({
  preview,
  action,
  onConfirm,
  onCancel,
  offerVia = true,
  recipients = [],
  signer,
}: {
  preview: TxPreview;
  action: string;
  onConfirm: (input: ConfirmInput) => Promise<void>;
  onCancel: () => void;
  offerVia?: boolean;
  /** The addresses it pays: named when they are the person's contacts or wallets, else warned about. */
  recipients?: readonly string[];
  /** The participant that signs, when one does: a Ledger wallet's review says what its device will show. */
  signer?: WalletView | undefined;
}) {
  const reportError = useVotary((s) => s.reportError);
  const signing = useSigningPassword(true);
  const [via, setVia] = useState<Via>('server');
  const [busy, setBusy] = useState(false);
  const blocked = preview.problems.length > 0;

  const confirm = async () => {
    setBusy(true);
    try {
      const password = signing.required === true ? signing.password : undefined;
      await onConfirm({ via, ...(password === undefined ? {} : { password }) });
    } catch (error) {
      reportError(error);
      if (useVotary.getState().error?.code === 'ERR_PASSWORD_REQUIRED') signing.demand();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="musig-review" role="group" aria-label="Review">
      <PreviewFacts preview={preview} />
      {recipients.length > 0 && (
        <dl className="facts">
          <dt>To</dt>
          {recipients.map((address) => (
            <dd key={address} data-testid="musig-review-to">
              <span className="mono small">{address}</span>
              <AddressName address={address} />
            </dd>
          ))}
        </dl>
      )}
      <UnknownRecipients addresses={recipients} />
      <LedgerReviewNotice
        wallet={signer}
        preview={preview}
        draft={
          preview.kind === 'transfer' && recipients[0] !== undefined
            ? { kind: 'transfer', recipientId: recipients[0], amount: preview.sent }
            : undefined
        }
      />
      {blocked && (
        <ul className="problems" data-testid="musig-problems">
          {preview.problems.map((p) => (
            <li key={`${p.field}:${p.message}`} className="error-text">
              {p.message}
            </li>
          ))}
        </ul>
      )}
      {offerVia && (
        <fieldset className="field">
          <legend>Then pass it on</legend>
          <label className="inline">
            <input
              type="radio"
              name="musig-via"
              checked={via === 'server'}
              onChange={() => setVia('server')}
            />
            through the multisignature server
          </label>
          <label className="inline">
            <input type="radio" name="musig-via" checked={via === 'file'} onChange={() => setVia('file')} />
            as a file or QR code (no network needed)
          </label>
        </fieldset>
      )}
      <SigningPasswordField signing={signing} />
      <div className="row">
        <button type="button" disabled={blocked || busy || !signing.ready} onClick={() => void confirm()}>
          {action}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
