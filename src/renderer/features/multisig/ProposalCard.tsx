/**
 * One proposal: what it does, who signed; the one review (multisig:review) before this vault's participant signs,
 * and the broadcast once enough have signed (a registration: every participant, then the registering wallet).
 * After a signature the card shows the signed proposal (the host's answer), however it travels; a broadcast's
 * outcome goes to the page (BroadcastOutcomes), which keeps it after the proposal has left the list.
 */
import { walletNameText } from '../../components/DeviceMark';
import { signersFor } from '../common/signing-wallet';
import { useState } from 'react';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { SendResult, TxPreview } from '../../../shared/domain/transactions';
import { useProposalReview } from '../../lib/reads/multisig';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { isPreparedRefusal } from '../review/prepared-refusal';
import { MultisigReview, type ConfirmInput } from './MultisigReview';
import { ProposalDocument } from './ProposalDocument';

/** The host's review says so when the chain has used the proposal's nonce (services/multisig reviewOf). */
const NONCE_TAKEN = /^This proposal's nonce \d+ is used already/;

type Step = { kind: 'sign'; walletId: string; name: string } | { kind: 'broadcast' };

export function ProposalCard({
  proposal: given,
  proposalRef,
  onChanged,
  onBroadcast,
  onSigned,
}: {
  proposal: ProposalView;
  proposalRef: ProposalRef;
  onChanged: () => void;
  onBroadcast: (what: string, result: SendResult) => void;
  /** A proposal from a document: the signed one replaces it on the card. */
  onSigned?: (view: ProposalView) => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  // Reviewed again by the host as the chain moves and as the proposal changes: the signatures it carries now, and
  // whether the chain has taken its nonce (it was broadcast, here or by another participant, or another
  // transaction took its place).
  const check = useProposalReview(proposalRef, given.txId);
  const proposal = check.value?.proposal.txId === given.txId ? check.value.proposal : given;
  const gone = check.value?.preview.problems.find((problem) => NONCE_TAKEN.test(problem.message))?.message;
  const [step, setStep] = useState<Step | undefined>();
  const [preview, setPreview] = useState<TxPreview | undefined>();
  // What the last action here did, with the signature count it speaks of: a line about "2 of 3" leaves once the
  // proposal (read again as it changes) has another count.
  const [outcome, setOutcome] = useState<{ text: string; signatures: number } | undefined>();
  const said = outcome !== undefined && outcome.signatures === proposal.signatures ? outcome.text : undefined;
  const [document, setDocument] = useState<string | undefined>();
  // A Ledger participant signs a transfer on the device, never a registration (its Nano S app does not parse one):
  // that participant is named with the reason instead of a button (shared/domain/ledger-signable.ts).
  const wallets = useVotary((s) => s.wallets);
  const { offered, refused } = signersFor(
    wallets.filter((w) => proposal.participants.some((p) => !p.signed && p.walletId === w.id)),
    proposal.kind,
  );
  const unsigned = proposal.participants.filter(
    (p) =>
      !p.signed &&
      p.walletId !== undefined &&
      (offered.some((w) => w.id === p.walletId) || !wallets.some((w) => w.id === p.walletId)),
  );
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
      const preparedId = preview?.prepared?.id;
      if (preparedId === undefined) return;
      let signed;
      try {
        // Exactly what this review showed: the host reads the proposal again and refuses it if it changed.
        signed = await call('multisig:sign', {
          proposal: proposalRef,
          preparedId,
          walletId: step.walletId,
          via,
          ...secret,
        });
      } catch (error) {
        if (!isPreparedRefusal(error)) throw error;
        // The host's sentence says what changed; the person reviews the proposal as it is now.
        reportError(error);
        await begin(step);
        return;
      }
      setOutcome({
        text: `Signed by ${step.name}: ${signed.signatures} of ${signed.required}.`,
        signatures: signed.signatures,
      });
      setDocument(via === 'file' ? signed.document : undefined);
      // The card shows what was signed, whichever way it travels; the server's list is read again too.
      onSigned?.(signed);
      if (via === 'server') onChanged();
    } else {
      const preparedId = preview?.prepared?.id;
      if (preparedId === undefined) return;
      let sent;
      try {
        sent = await call('multisig:broadcast', { proposal: proposalRef, preparedId, ...secret });
      } catch (error) {
        if (!isPreparedRefusal(error)) throw error;
        reportError(error);
        await begin(step);
        return;
      }
      // A refusal stays on the card beside the proposal it concerns; the page keeps every outcome with its id.
      setOutcome(
        sent.accepted
          ? undefined
          : {
              text: `The node refused it: ${sent.error?.message ?? 'no reason given'}`,
              signatures: proposal.signatures,
            },
      );
      onBroadcast(proposal.what, sent);
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
      {gone !== undefined ? (
        <p role="status" data-testid="musig-gone">
          {gone}
        </p>
      ) : step === undefined || preview === undefined ? (
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
          {refused.map(({ wallet, reason }) => (
            <p key={wallet.id} className="muted small" data-testid="signer-refused">
              {walletNameText(wallet)} cannot sign this: {reason}
            </p>
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
          signer={step.kind === 'sign' ? wallets.find((w) => w.id === step.walletId) : undefined}
          onConfirm={confirm}
          onCancel={() => setStep(undefined)}
        />
      )}
      {said !== undefined && (
        <p role="status" data-testid="musig-outcome">
          {said}
        </p>
      )}
      {document !== undefined && <ProposalDocument document={document} name="multisig-proposal.json" />}
    </article>
  );
}
