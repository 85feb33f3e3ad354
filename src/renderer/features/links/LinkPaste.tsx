/**
 * "Paste a payment link" on Send: an AIP-13 `ark:` request or an ArkVault link fills the form (links-slice.ts);
 * the person still reviews before anything is signed. A vote, sign or verify link opens its own screen.
 */
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { useVotary } from '../../store';

export function LinkPaste() {
  const openLink = useVotary((s) => s.openLink);
  const [text, setText] = useState('');
  const open = (value: string) => {
    if (value.trim() === '') return;
    openLink(value);
    setText('');
  };
  return (
    <form
      className="row wrap"
      aria-label="Payment link"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        open(text);
      }}
    >
      <label>
        Payment link (ark: or ArkVault)
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
            const pasted = e.clipboardData.getData('text');
            if (pasted.trim() === '') return;
            e.preventDefault();
            open(pasted);
          }}
          spellCheck={false}
          size={40}
          placeholder="ark:D…?amount=…"
        />
      </label>
      <button type="submit" disabled={text.trim() === ''}>
        Fill from link
      </button>
    </form>
  );
}
