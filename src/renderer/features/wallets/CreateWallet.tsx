/**
 * A new 24-word wallet: the words are shown once, then the person types the words at the positions
 * the key store asks for. The phrase lives only in this component's state and is dropped when it closes.
 */
import { useState, type FormEvent } from 'react';
import type { NewMnemonicWalletView } from '../../../shared/domain/wallets';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function CreateWallet({ onDone }: { onDone: () => void }) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const walletSaved = useVotary((s) => s.walletSaved);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<NewMnemonicWalletView | undefined>();
  const [step, setStep] = useState<'name' | 'words' | 'confirm'>('name');
  const [wrong, setWrong] = useState<boolean[]>([]);
  const [answers, setAnswers] = useState<string[]>([]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await call('wallets:create-mnemonic', name.trim() === '' ? {} : { name: name.trim() });
      setCreated(result);
      setAnswers(result.confirmPositions.map(() => ''));
      setStep('words');
      clearError();
    } catch (error) {
      reportError(error);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (created === undefined) return;
    try {
      const wallet = await call('wallets:confirm', { pendingId: created.pendingId, words: answers });
      setCreated(undefined);
      walletSaved(wallet);
      clearError();
      onDone();
    } catch (error) {
      // Say which words are wrong (this screen showed the phrase, so it can tell); keep what was typed.
      setWrong(
        created.confirmPositions.map(
          (position, i) => (answers[i] ?? '').trim().toLowerCase() !== created.words[position - 1],
        ),
      );
      reportError(error);
    }
  };
  const cancel = async () => {
    if (created !== undefined)
      await call('wallets:cancel-pending', { pendingId: created.pendingId }).catch(reportError);
    setCreated(undefined);
    onDone();
  };

  if (step === 'name' || created === undefined) {
    return (
      <form className="card" onSubmit={(e) => void start(e)} aria-label="Create wallet">
        <h2>Create a wallet</h2>
        <label>
          Wallet name (optional)
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </label>
        <div className="row">
          <button type="submit" className="primary">
            Generate recovery phrase
          </button>
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  if (step === 'words') {
    return (
      <section className="card" aria-label="Recovery phrase">
        <h2>Write down your recovery phrase</h2>
        <p>
          These 24 words are the only way to restore this wallet. Write them on paper, in order. They are
          shown this once.
        </p>
        <ol className="words" data-testid="recovery-words">
          {created.words.map((word, i) => (
            <li key={i}>{word}</li>
          ))}
        </ol>
        <p className="muted">Address: {created.address}</p>
        <div className="row">
          <button type="button" className="primary" onClick={() => setStep('confirm')}>
            I have written them down
          </button>
          <button type="button" onClick={() => void cancel()}>
            Cancel
          </button>
        </div>
      </section>
    );
  }
  return (
    <form className="card" onSubmit={(e) => void confirm(e)} aria-label="Confirm recovery phrase">
      <h2>Confirm your recovery phrase</h2>
      {created.confirmPositions.map((position, i) => (
        <div key={position}>
          <label>
            Word #{position}
            <input
              value={answers[i] ?? ''}
              onChange={(e) => {
                setAnswers(answers.map((a, j) => (j === i ? e.target.value : a)));
                setWrong(wrong.map((w, j) => (j === i ? false : w)));
              }}
              aria-invalid={wrong[i] === true}
              aria-describedby={wrong[i] === true ? `word-${position}-error` : undefined}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              required
            />
          </label>
          {wrong[i] === true && (
            <span className="field-error" id={`word-${position}-error`}>
              This is not word #{position} of your phrase.
            </span>
          )}
        </div>
      ))}
      <div className="row">
        <button type="submit" className="primary">
          Confirm and add wallet
        </button>
        <button type="button" onClick={() => setStep('words')}>
          Show the words again
        </button>
        <button type="button" onClick={() => void cancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
