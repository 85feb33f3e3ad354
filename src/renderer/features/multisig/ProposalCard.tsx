/**
 * One proposal: what it does, who signed; the one review (multisig:review) before this vault's participant signs,
 * and the broadcast once enough have signed (a registration: every participant, then the registering wallet).
 */
import { useState } from 'react';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { TxPreview } from '../../../shared/domain/transactions';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { MultisigReview, type ConfirmInput } from './MultisigReview';
import { ProposalDocument } from './ProposalDocument';

type Step = { kind: 'sign'; walletId: string; name: string } | { kind: 'broadcast' };

export function ProposalCard({
  proposal,
  proposalRef,
  onChanged,
  onSignedDocument,
}: {
  proposal: ProposalView;
  proposalRef: ProposalRef;
  onChanged: () => void;
  onSignedDocument?: (view: ProposalView) => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const [step, setStep] = useState<Step | undefined>();
  const [preview, setPreview] = useState<TxPreview | undefined>();
  const [outcome, setOutcome] = useState<string | undefined>();
  const [document, setDocument] = useState<string | undefined>();
  const fromDocument = 'document' in proposalRef;
  const unsigned = proposal.participants.filter((p) => !p.signed && p.walletId !== undefined);
  const canBroadcast =
    proposal.ready && (proposal.kind === 'transfer' || proposal.senderWalletId !== undefined);

  const begin = async (next: Step) => {
    try {
      const answer = await call('multisig:review', { proposal: proposalRef });
      setPreview(answer.preview);
      setStep(next);
      setOutcome(undefined);
    } catch (error) {
      reportError(error);
    }
  };
  const confirm = async ({ via, password }: ConfirmInput) => {
    if (step === undefined) return;
    const secret = password === undefined ? {} : { password };
    if (step.kind === 'sign') {
      const signed = await call('multisig:sign', {
        proposal: proposalRef,
        walletId: step.walletId,
        via,
        ...secret,
      });
      setOutcome(`Signed by ${step.name}: ${signed.signatures} of ${signed.required}.`);
      if (via === 'file') {
        setDocument(signed.document);
        onSignedDocument?.(signed);
      } else onChanged();
    } else {
      const sent = await call('multisig:broadcast', { proposal: proposalRef, ...secret });
      setOutcome(
        sent.accepted
          ? `Broadcast: transaction ${sent.id}. Follow it on the Pending page.`
          : `The node refused it: ${sent.error?.message ?? 'no reason given'}`,
      );
      if (!fromDocument) onChanged();
    }
    setStep(undefined);
    setPreview(undefined);
  };

  return (
    <article className="musig-proposal" data-testid="musig-proposal" aria-label={proposal.what}>
      <p>
        <strong>{proposal.what}</strong>
      </p>
      <p data-testid="musig-signed">
        Signed by {proposal.signatures} of {proposal.required}
        {proposal.ready ? ': ready to broadcast' : ''}
      </p>
      <ul className="small">
        {proposal.participants.map((p) => (
          <li key={p.index}>
            {p.signed ? '✓' : '·'} participant {p.index + 1}
            {p.walletName === undefined ? '' : ` (${p.walletName})`}{' '}
            <span className="mono">{p.publicKey.slice(0, 12)}…</span>
          </li>
        ))}
      </ul>
      {step === undefined || preview === undefined ? (
        <div className="row">
          {unsigned.map((p) => (
            <button
              key={p.index}
              type="button"
              onClick={() => void begin({ kind: 'sign', walletId: p.walletId!, name: p.walletName ?? '' })}
            >
              Review and sign as {p.walletName}
            </button>
          ))}
          {canBroadcast && (
            <button type="button" onClick={() => void begin({ kind: 'broadcast' })}>
              Review and broadcast
            </button>
          )}
        </div>
      ) : (
        <MultisigReview
          preview={preview}
          action={step.kind === 'sign' ? `Sign as ${step.name}` : 'Broadcast'}
          offerVia={step.kind === 'sign'}
          recipients={proposal.recipient === undefined ? [] : [proposal.recipient]}
          onConfirm={confirm}
          onCancel={() => setStep(undefined)}
        />
      )}
      {outcome !== undefined && (
        <p role="status" data-testid="musig-outcome">
          {outcome}
        </p>
      )}
      {document !== undefined && <ProposalDocument document={document} name="multisig-proposal.json" />}
    </article>
  );
}
