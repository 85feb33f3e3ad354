/**
 * Sign a message with a wallet's key (messages:sign): ARK Core 3's form by default, ArkVault's on request. The words
 * are shown back before signing, and the vault password is asked as for a transaction (SigningPassword).
 */
import { DeviceScreens } from '../ledger/LedgerReviewNotice';
import { DeviceMark } from '../../components/DeviceMark';
import { useRef, useState, type FormEvent } from 'react';
import { useFocusScope } from '../../lib/use-focus-scope';
import type { MessageFormatName, SignedMessageView } from '../../../shared/domain/messages';
import { MESSAGE_MAX_LENGTH } from '../../../shared/domain/messages';
import { CopyButton } from '../../components/CopyButton';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { CHOOSE_WALLET, useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { SigningPasswordField, useSigningPassword } from '../review/SigningPassword';
import { useOpenedLink } from '../links/use-opened-link';

export const FORM_WORDS: Record<MessageFormatName, string> = {
  core3: 'ARK Core 3 / Desktop Wallet v2 (ECDSA)',
  arkvault: 'ArkVault (Schnorr)',
};

export function SignMessage() {
  // Chosen on this form, as on Send: never the last wallet page opened, silently (common/signing-wallet.ts).
  const signer = useSigningWallet('message');
  const { wallet } = signer;
  const [walletProblem, setWalletProblem] = useState<string | undefined>();
  const reportError = useVotary((s) => s.reportError);
  const [message, setMessage] = useState('');
  const [format, setFormat] = useState<MessageFormatName>('core3');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<SignedMessageView | undefined>();
  const signing = useSigningPassword(confirming);
  // The words read back replace the form: focus moves to them, and back to "Review and sign" after.
  const confirmStep = useRef<HTMLFormElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  useFocusScope(confirmStep, confirming && wallet !== undefined, { returnTo: reviewButton });
  const canSign = signer.wallets.length > 0;
  // A sign link fills the words; the person still reads them back and confirms.
  useOpenedLink('sign', (link) => {
    setMessage(link.message);
    setSigned(undefined);
    setConfirming(false);
  });

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (wallet === undefined || !signing.ready) return;
    setBusy(true);
    try {
      const password = signing.required === true ? signing.password : undefined;
      const answer = await call('messages:sign', {
        walletId: wallet.id,
        message,
        format,
        ...(password === undefined ? {} : { password }),
      });
      setSigned(answer);
      setConfirming(false);
    } catch (error) {
      reportError(error);
      if (useVotary.getState().error?.code === 'ERR_PASSWORD_REQUIRED') signing.demand();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="sign-message-title">
      <h2 id="sign-message-title">Sign a message</h2>
      <p className="muted small">
        A signed message proves that the owner of this wallet wrote these exact words — for example that an
        address is yours. Anyone you give it to can show it to others. Sign only words you have read and agree
        with; a signature on a message cannot move money.
      </p>
      {!canSign ? (
        <p role="status">
          Add or import a wallet with a key to sign messages (watch-only wallets cannot sign).
        </p>
      ) : !confirming ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (wallet === undefined) {
              setWalletProblem(CHOOSE_WALLET);
              return;
            }
            setSigned(undefined);
            setConfirming(true);
          }}
        >
          <SigningWalletSelect
            signer={signer}
            label="Sign with wallet"
            problem={walletProblem}
            onChange={() => setWalletProblem(undefined)}
          />
          <label className="field">
            Message
            <textarea
              rows={4}
              value={message}
              maxLength={MESSAGE_MAX_LENGTH}
              onChange={(e) => setMessage(e.target.value)}
              spellCheck
            />
          </label>
          <fieldset className="field">
            <legend>Form</legend>
            {(Object.keys(FORM_WORDS) as MessageFormatName[]).map((name) => (
              <label key={name} className="inline">
                <input
                  type="radio"
                  name="message-format"
                  value={name}
                  checked={format === name}
                  onChange={() => setFormat(name)}
                />
                {FORM_WORDS[name]}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={message === ''} ref={reviewButton}>
            Review and sign
          </button>
        </form>
      ) : wallet === undefined ? null : (
        <form
          onSubmit={(event) => void sign(event)}
          aria-label="Confirm the message to sign"
          ref={confirmStep}
          tabIndex={-1}
        >
          <p>
            <strong>{wallet.name}</strong> <DeviceMark wallet={wallet} />{' '}
            <span className="mono small">{wallet.address}</span> will sign, in the {FORM_WORDS[format]} form,
            exactly these words:
          </p>
          <pre className="message-text" data-testid="message-to-sign">
            {message}
          </pre>
          {wallet.kind === 'ledger' && (
            <DeviceScreens
              title="Check your Ledger"
              lead="When you sign, Votary sends exactly these words to your Ledger, with the ARK app open. Its screen shows:"
              lines={[{ label: 'Message', value: message }]}
              testId="ledger-review"
            />
          )}
          <SigningPasswordField signing={signing} />
          <div className="row">
            <button type="submit" disabled={busy || !signing.ready}>
              Sign message
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Back
            </button>
          </div>
        </form>
      )}
      {signed !== undefined && (
        <div role="status" aria-label="Signed message">
          <p>
            Signed by <span className="mono small">{signed.address}</span>, in the {FORM_WORDS[signed.format]}{' '}
            form. Give the whole block below to whoever checks it:
          </p>
          <pre className="message-text mono small" data-testid="signed-message">
            {signed.text}
          </pre>
          <CopyButton text={signed.text} label="Copy the signed message" />
        </div>
      )}
    </section>
  );
}
