/**
 * On the review of a transaction a Ledger wallet signs: "Check your Ledger", what its screen will show in its order
 * with the values from this review to compare (device-review.ts), and what to press. Nothing for the other kinds.
 */
import type { DraftInput, TxPreview } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { useVotary } from '../../store';
import { DEVICE_BUTTONS, deviceLines, deviceTokenNote, type DeviceLine } from './device-review';

export function LedgerReviewNotice({
  wallet,
  preview,
  draft,
}: {
  wallet: Pick<WalletView, 'kind' | 'ledgerPath'> | undefined;
  preview: TxPreview;
  draft?: DraftInput | undefined;
}) {
  const token = useVotary((s) => s.configuration?.token ?? '');
  if (wallet?.kind !== 'ledger') return null;
  const lines = deviceLines(preview, draft);
  if (lines === undefined) return null;
  return (
    <DeviceScreens
      title="Check your Ledger"
      lead={`When you confirm, Votary sends exactly this transaction to your Ledger${
        wallet.ledgerPath === undefined ? '' : ` (account ${wallet.ledgerPath})`
      }, with the ARK app open. Its screen then shows:`}
      lines={lines}
      note={deviceTokenNote(token)}
      testId="ledger-review"
    />
  );
}

/** The device's screens as a list to compare, then what to press. */
export function DeviceScreens({
  title,
  lead,
  lines,
  note,
  testId,
}: {
  title: string;
  lead: string;
  lines: readonly DeviceLine[];
  note?: string | undefined;
  testId: string;
}) {
  return (
    <section className="ledger-notice" aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
      <p>{lead}</p>
      <ol className="device-screens">
        {lines.map((line, i) => (
          <li key={`${i}${line.label}`}>
            <span className="device-label">{line.label}</span>
            {line.value !== undefined && <span className="mono device-value">{line.value}</span>}
          </li>
        ))}
      </ol>
      {note !== undefined && <p className="warning-note">{note}</p>}
      <p>{DEVICE_BUTTONS}</p>
    </section>
  );
}
