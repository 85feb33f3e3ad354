/**
 * Propose a transfer from a multisignature wallet: which wallet, which of this vault's participants signs first,
 * recipient and amount; the one review (multisig:preview: tx:preview's facts for the multisignature wallet), then
 * the first participant signature (multisig:propose).
 */
import { signersFor } from '../common/signing-wallet';
import { walletNameText } from '../../components/DeviceMark';
import { useMemo, useState } from 'react';
import type { ProposalView } from '../../../shared/domain/multisig';
import type { TxPreview } from '../../../shared/domain/transactions';
import { decimalSeparatorOf, parseAmountInput } from '../../lib/amount';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import type { MultisigWallet } from './multisig-wallet';
import { MultisigReview, type ConfirmInput } from './MultisigReview';
import { ProposalDocument } from './ProposalDocument';

const DECIMAL = decimalSeparatorOf();

export function ProposeTransfer({
  wallets,
  onProposed,
}: {
  wallets: MultisigWallet[];
  onProposed: () => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const all = useVotary((s) => s.wallets);
  const [walletId, setWalletId] = useState('');
  const [signerId, setSignerId] = useState('');
  const [recipientId, setRecipientId] = useState('');
  const [amountText, setAmountText] = useState('');
  const [preview, setPreview] = useState<TxPreview | undefined>();
  const [proposed, setProposed] = useState<ProposalView | undefined>();
  const wallet =
    wallets.find((w) => w.walletId === walletId) ?? wallets.find((w) => w.registered) ?? wallets[0];
  const participants = useMemo(
    () =>
      // A Ledger participant signs a transfer on the device (its app parses it like any other).
      signersFor(all, 'transfer').offered.filter(
        (w) => w.publicKey !== undefined && wallet?.publicKeys.includes(w.publicKey),
      ),
    [all, wallet],
  );
  const signer = participants.find((w) => w.id === signerId) ?? participants[0];
  const amount = parseAmountInput(amountText, DECIMAL);
  const draft = {
    kind: 'transfer' as const,
    recipientId: recipientId.trim(),
    amount: amount.ok ? amount.arktoshi.toString() : '0',
  };

  const review = async () => {
    if (wallet === undefined) return;
    try {
      setProposed(undefined);
      setPreview(await call('multisig:preview', { walletId: wallet.walletId, draft }));
    } catch (error) {
      reportError(error);
    }
  };
  const confirm = async ({ via, password }: ConfirmInput) => {
    // The transfer the review prepared is signed, never the form again.
    if (signer === undefined || preview?.prepared === undefined) return;
    const proposal = await call('multisig:propose', {
      preparedId: preview.prepared.id,
      signerId: signer.id,
      via,
      ...(password === undefined ? {} : { password }),
    });
    setPreview(undefined);
    setProposed({ ...proposal, document: via === 'file' ? proposal.document : '' });
    onProposed();
  };

  if (wallets.length === 0) return null;
  return (
    <section className="card" aria-labelledby="musig-propose-title">
      <h2 id="musig-propose-title">Propose a transfer</h2>
      {preview === undefined ? (
        <form
          aria-label="Propose a transfer"
          onSubmit={(event) => {
            event.preventDefault();
            void review();
          }}
        >
          <label className="field">
            From the multisignature wallet
            <select value={wallet?.walletId ?? ''} onChange={(e) => setWalletId(e.target.value)}>
              {wallets.map((w) => (
                <option key={w.walletId} value={w.walletId}>
                  {w.name} · {w.address}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            First signature by
            <select value={signer?.id ?? ''} onChange={(e) => setSignerId(e.target.value)}>
              {participants.map((w) => (
                <option key={w.id} value={w.id}>
                  {walletNameText(w)} · {w.address}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Recipient address
            <input value={recipientId} onChange={(e) => setRecipientId(e.target.value)} spellCheck={false} />
          </label>
          <label className="field">
            Amount
            <input value={amountText} inputMode="decimal" onChange={(e) => setAmountText(e.target.value)} />
          </label>
          <button
            type="submit"
            disabled={
              wallet?.registered !== true || signer === undefined || !amount.ok || recipientId.trim() === ''
            }
          >
            Review the transfer
          </button>
          {wallet !== undefined && !wallet.registered ? (
            <p className="muted small" data-testid="musig-not-registered">
              {wallet.name} is not registered on the chain yet: a transfer can be proposed once a block holds
              its registration (this page reads it again with every block).
            </p>
          ) : (
            signer === undefined && (
              <p className="muted small">No participant of this wallet is in this vault.</p>
            )
          )}
        </form>
      ) : (
        <MultisigReview
          preview={preview}
          action={`Sign as ${signer?.name ?? ''} and propose`}
          recipients={[recipientId.trim()]}
          signer={signer}
          onConfirm={confirm}
          onCancel={() => setPreview(undefined)}
        />
      )}
      {proposed !== undefined && (
        <div role="status" data-testid="musig-proposed">
          <p>
            {proposed.document === ''
              ? `Proposed: ${proposed.what}, with the first signature, on the server; it is under Proposals below.`
              : `Proposed: ${proposed.what}. The file below carries ${proposed.signatures} of ${proposed.required} signatures.`}
          </p>
          {proposed.document !== '' && (
            <ProposalDocument document={proposed.document} name="multisig-transfer.json" />
          )}
        </div>
      )}
    </section>
  );
}
