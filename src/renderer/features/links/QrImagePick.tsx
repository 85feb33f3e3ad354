/**
 * "Read a QR code from an image" on Send: a PNG or JPEG, picked or dropped, whose QR code holds a payment link or
 * an address fills the form as a pasted link does (links-slice.ts); the review still comes before signing.
 */
import { useState, type DragEvent } from 'react';
import { linkFromQrText } from '../../../shared/lib/qr-image';
import { qrTextFromFile } from '../../lib/qr-file';
import { useVotary } from '../../store';

export function QrImagePick() {
  const openLink = useVotary((s) => s.openLink);
  const reportError = useVotary((s) => s.reportError);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  const read = async (file: File | undefined) => {
    if (file === undefined) return;
    setBusy(true);
    try {
      const reading = linkFromQrText(await qrTextFromFile(file));
      if (reading.ok) openLink(reading.link);
      else reportError(new Error(reading.message));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={over ? 'drop-zone over' : 'drop-zone'}
      data-testid="qr-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label>
        QR code image (PNG or JPEG; or drop it here)
        <input
          type="file"
          accept="image/png,image/jpeg"
          disabled={busy}
          onChange={(event) => {
            const input = event.currentTarget;
            void read(input.files?.[0]).then(() => {
              input.value = '';
            });
          }}
        />
      </label>
      {busy && <p role="status">Reading the QR code…</p>}
    </div>
  );
}
