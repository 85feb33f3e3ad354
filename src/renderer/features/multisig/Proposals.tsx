/**
 * Proposals waiting for this vault: those on the network's multisignature server for its participants (each
 * verified by the host before it is listed), and one opened from a file or pasted (a co-signer without a network).
 * The list is read again as blocks arrive, pending transactions change and the host says a proposal changed
 * (lib/reads/multisig.ts), and each card
 * reviews its proposal again then (ProposalCard): one whose transaction the chain has taken says so instead of
 * offering a signature.
 */
import { useState } from 'react';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { SendResult } from '../../../shared/domain/transactions';
import { useProposals } from '../../lib/reads/multisig';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { ProposalCard } from './ProposalCard';
import { fileTooLarge, PROPOSAL_FILE, sizeWords } from '../../../shared/lib/file-limits';

export function Proposals({
  generation,
  onChanged,
  onBroadcast,
}: {
  generation: number;
  onChanged: () => void;
  onBroadcast: (what: string, result: SendResult) => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const [pasted, setPasted] = useState('');
  const [opened, setOpened] = useState<{ ref: ProposalRef; view: ProposalView } | undefined>();
  const list = useProposals(generation, reportError);
  const open = async (text: string) => {
    const document = text.trim();
    if (document.length > PROPOSAL_FILE.maxBytes) {
      reportError(
        new Error(
          `This text is ${sizeWords(document.length)}; ${PROPOSAL_FILE.what.toLowerCase()} may be at most ${sizeWords(PROPOSAL_FILE.maxBytes)}: ${PROPOSAL_FILE.hint}.`,
        ),
      );
      return;
    }
    try {
      const ref = { document };
      const { proposal } = await call('multisig:review', { proposal: ref });
      setOpened({ ref, view: proposal });
    } catch (error) {
      reportError(error);
    }
  };
  const broadcastFromFile = (what: string, result: SendResult) => {
    // Accepted: the page keeps its outcome; the card has done its work.
    if (result.accepted) setOpened(undefined);
    onBroadcast(what, result);
  };

  return (
    <section className="card" aria-labelledby="musig-proposals-title">
      <h2 id="musig-proposals-title">Proposals</h2>
      <div className="row">
        <button type="button" className="secondary" onClick={onChanged}>
          Refresh
        </button>
      </div>
      {list === undefined ? (
        <p className="muted">Asking the server…</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="musig-no-proposals">
          Nothing waiting on the server for this vault’s participants.
        </p>
      ) : (
        <ul className="musig-proposals" data-testid="musig-proposals">
          {list.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard
                proposal={proposal}
                proposalRef={{ id: proposal.id }}
                onChanged={onChanged}
                onBroadcast={onBroadcast}
              />
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Open a proposal file</summary>
        <label className="field">
          A proposal file (JSON)
          <input
            type="file"
            accept="application/json,.json"
            data-testid="musig-open-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file === undefined) return;
              // Refused from its size, before it is read (shared/lib/file-limits.ts).
              const tooLarge = fileTooLarge(file.name, file.size, PROPOSAL_FILE);
              if (tooLarge !== undefined) reportError(new Error(tooLarge));
              else void file.text().then(open, reportError);
            }}
          />
        </label>
        <label className="field">
          or its text
          <textarea rows={3} value={pasted} onChange={(e) => setPasted(e.target.value)} spellCheck={false} />
        </label>
        <button type="button" disabled={pasted.trim() === ''} onClick={() => void open(pasted)}>
          Open
        </button>
      </details>
      {opened !== undefined && (
        <ProposalCard
          proposal={opened.view}
          proposalRef={opened.ref}
          onChanged={onChanged}
          onBroadcast={broadcastFromFile}
          onSigned={(view) => setOpened({ ref: { document: view.document }, view })}
        />
      )}
    </section>
  );
}
