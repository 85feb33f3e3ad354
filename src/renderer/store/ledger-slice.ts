/**
 * The Ledger's prompt while a Ledger wallet signs (`ledger:prompt`, core/services/ledger/device-signers.ts): what the
 * device shows and what to press, from `confirm` until the same signing's `finished` (signed, rejected or failed;
 * the failure itself comes back as the signing call's error, in words).
 */
import type { LedgerPromptEvent } from '../../shared/domain/ledger';
import type { Slice } from './slice';

export interface LedgerSlice {
  /** The device is waiting for the person: this is what it shows. */
  ledgerPrompt: LedgerPromptEvent | undefined;
  ledgerPromptChanged: (event: LedgerPromptEvent) => void;
}

export const createLedgerSlice: Slice<LedgerSlice> = (set) => ({
  ledgerPrompt: undefined,
  ledgerPromptChanged: (event) =>
    set((state) => {
      if (event.phase === 'confirm') return { ledgerPrompt: event };
      // A `finished` of an older signing does not close the prompt of the current one.
      return state.ledgerPrompt?.id === event.id ? { ledgerPrompt: undefined } : {};
    }),
});
