/**
 * Verify a signed message of either form (messages:verify). No password: verifying uses only public data. The
 * signer is named as the rest of the app names an address (one's own wallets; contacts once known).
 */
import { useState, type FormEvent } from 'react';
import type { MessageVerdictView } from '../../../shared/domain/messages';
import { plainError } from '../../lib/errors';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { FORM_WORDS } from './SignMessage';
import { useOpenedLink } from '../links/use-opened-link';

type Outcome = { kind: 'verdict'; verdict: MessageVerdictView } | { kind: 'unreadable'; message: string };

export function VerifyMessage() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const wallets = useVotary((s) => s.wallets);
  useOpenedLink('verify', ({ message, signatory, signature }) => {
    setText(JSON.stringify({ message, signatory, signature }, null, 2));
    setOutcome(undefined);
  });

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setOutcome({ kind: 'verdict', verdict: await call('messages:verify', { signed: text.trim() }) });
    } catch (error) {
      setOutcome({ kind: 'unreadable', message: plainError(error).message });
    } finally {
      setBusy(false);
    }
  };
  const ownName = (address: string) => wallets.find((w) => w.address === address)?.name;

  return (
    <section className="card" aria-labelledby="verify-message-title">
      <h2 id="verify-message-title">Verify a message</h2>
      <p className="muted small">
        Paste a signed message: ARK Core 3 and Desktop Wallet v2 write {'{publicKey, signature, message}'},
        ArkVault {'{message, signatory, signature}'}. Both are read.
      </p>
      <form onSubmit={(event) => void verify(event)}>
        <label className="field">
          Signed message
          <textarea
            rows={6}
            className="mono small"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOutcome(undefined);
            }}
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={busy || text.trim() === ''}>
          Verify
        </button>
      </form>
      {outcome?.kind === 'unreadable' && (
        <p className="trng-bad" role="alert">
          ✗ Not a signed message Votary can read: {outcome.message}
        </p>
      )}
      {outcome?.kind === 'verdict' && (
        <Verdict verdict={outcome.verdict} name={ownName(outcome.verdict.address)} />
      )}
    </section>
  );
}

function Verdict({ verdict, name }: { verdict: MessageVerdictView; name: string | undefined }) {
  return (
    <div role="status" data-testid="message-verdict">
      <p className={verdict.verified ? 'trng-ok' : 'trng-bad'}>
        {verdict.verified
          ? `✓ Verified: the owner of ${verdict.address}${name === undefined ? '' : ` (your wallet “${name}”)`} signed these words.`
          : `✗ Not verified: ${verdict.reason ?? 'the signature does not match'}. Do not rely on this message.`}
      </p>
      <dl className="facts">
        <dt>Message</dt>
        <dd>
          <pre className="message-text">{verdict.message}</pre>
        </dd>
        <dt>Signer’s address</dt>
        <dd className="mono small">{verdict.address}</dd>
        <dt>Public key</dt>
        <dd className="mono small">{verdict.publicKey}</dd>
        <dt>Form</dt>
        <dd>
          {FORM_WORDS[verdict.format]}
          {verdict.format === 'core3' && verdict.scheme === 'schnorr' ? ', with a Schnorr signature' : ''}
          {verdict.format === 'arkvault' && verdict.scheme === 'ecdsa' ? ', with an ECDSA signature' : ''}
        </dd>
      </dl>
    </div>
  );
}
