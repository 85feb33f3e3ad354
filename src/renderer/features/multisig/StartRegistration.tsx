/**
 * Register a multisignature wallet: the registering wallet (it pays the fee and signs last), the participants (this
 * vault's wallets and other people's public keys) and how many must sign. The one review first (tx:preview of the
 * registration), then the registering wallet's own participant signature (multisig:register).
 */
import { signersFor } from '../common/signing-wallet';
import { walletNameText } from '../../components/DeviceMark';
import { useMemo, useState } from 'react';
import type { ProposalView } from '../../../shared/domain/multisig';
import type { TxPreview } from '../../../shared/domain/transactions';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { MultisigReview, type ConfirmInput } from './MultisigReview';
import { parseKeys } from './MultisigWallets';
import { ProposalDocument } from './ProposalDocument';

export function StartRegistration({ onStarted }: { onStarted: () => void }) {
  const reportError = useVotary((s) => s.reportError);
  const all = useVotary((s) => s.wallets);
  // Every participant signs the registration itself, which ARK's Ledger app does not parse on the Nano S
  // (shared/domain/ledger-signable.ts): a Ledger wallet is left out, with the reason.
  const { offered, refused } = useMemo(() => signersFor(all, 'multiSignature'), [all]);
  const signers = useMemo(() => offered.filter((w) => w.publicKey !== undefined), [offered]);
  const [senderId, setSenderId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [others, setOthers] = useState('');
  const [min, setMin] = useState('2');
  const [preview, setPreview] = useState<TxPreview | undefined>();
  const [started, setStarted] = useState<ProposalView | undefined>();
  const sender = signers.find((w) => w.id === senderId) ?? signers[0];
  const publicKeys = [
    ...signers.filter((w) => chosen.includes(w.id)).map((w) => w.publicKey!),
    ...parseKeys(others),
  ];
  const draft = { kind: 'multiSignature' as const, min: Number(min), publicKeys };

  const review = async () => {
    if (sender === undefined) return;
    try {
      setStarted(undefined);
      setPreview(await call('tx:preview', { walletId: sender.id, draft }));
    } catch (error) {
      reportError(error);
    }
  };
  const confirm = async ({ via, password }: ConfirmInput) => {
    // The registration the review prepared is signed, never the form again.
    if (preview?.prepared === undefined) return;
    const proposal = await call('multisig:register', {
      preparedId: preview.prepared.id,
      via,
      ...(password === undefined ? {} : { password }),
    });
    setPreview(undefined);
    setStarted({ ...proposal, document: via === 'file' ? proposal.document : '' });
    onStarted();
  };

  return (
    <section className="card" aria-labelledby="musig-register-title">
      <h2 id="musig-register-title">Register a multisignature wallet</h2>
      {signers.length === 0 ? (
        <p className="muted">Add a wallet with a key first: it registers the new wallet and pays the fee.</p>
      ) : preview === undefined ? (
        <form
          aria-label="Register a multisignature wallet"
          onSubmit={(event) => {
            event.preventDefault();
            void review();
          }}
        >
          <label className="field">
            Registering wallet (pays the fee, signs last)
            <select value={sender?.id ?? ''} onChange={(e) => setSenderId(e.target.value)}>
              {signers.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} · {w.address}
                </option>
              ))}
            </select>
          </label>
          {refused.map(({ wallet: left, reason }) => (
            <p key={left.id} className="muted small" data-testid="signer-refused">
              {walletNameText(left)} is not offered here: {reason}
            </p>
          ))}
          <fieldset className="field">
            <legend>Participants from this vault</legend>
            {signers.map((w) => (
              <label key={w.id} className="inline">
                <input
                  type="checkbox"
                  checked={chosen.includes(w.id)}
                  onChange={(e) =>
                    setChosen((list) =>
                      e.target.checked ? [...list, w.id] : list.filter((id) => id !== w.id),
                    )
                  }
                />
                {w.name}
              </label>
            ))}
          </fieldset>
          <label className="field">
            Other participants’ public keys (one a line)
            <textarea
              rows={2}
              value={others}
              onChange={(e) => setOthers(e.target.value)}
              spellCheck={false}
            />
          </label>
          <label className="field">
            Signatures required for every transaction
            <input type="number" min={1} max={16} value={min} onChange={(e) => setMin(e.target.value)} />
          </label>
          <button type="submit" disabled={publicKeys.length < 2}>
            Review the registration
          </button>
        </form>
      ) : (
        <MultisigReview
          preview={preview}
          action="Sign and start the registration"
          onConfirm={confirm}
          onCancel={() => setPreview(undefined)}
        />
      )}
      {started !== undefined && (
        <div role="status" data-testid="musig-started">
          {/* What this step did; the count of signatures lives on the proposal, which follows every signature. */}
          <p>
            {started.document === ''
              ? `${started.what}: started with the registering wallet’s signature and sent to the server; it is under Proposals below. Every participant signs next, then the registering wallet broadcasts it.`
              : `${started.what}: started with the registering wallet’s signature. The file below carries ${started.signatures} of ${started.required} signatures: every participant signs it next, then the registering wallet broadcasts it.`}
          </p>
          {started.document !== '' && (
            <ProposalDocument document={started.document} name="multisig-registration.json" />
          )}
        </div>
      )}
    </section>
  );
}
