/**
 * A signed proposal as a document for co-signers without a network: saved as a JSON file, copied, or shown as a QR
 * code when it fits one (a QR code holds at most 2,953 bytes; a larger proposal travels as a file).
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';

const QR_MAX_BYTES = 2_953;

export function ProposalDocument({ document, name }: { document: string; name: string }) {
  const [qr, setQr] = useState<string | undefined>();
  const fits = new TextEncoder().encode(document).length <= QR_MAX_BYTES;
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(document)}`;
  useEffect(() => {
    if (!fits) return;
    let live = true;
    QRCode.toDataURL(document, { margin: 1, width: 320, errorCorrectionLevel: 'L' }).then(
      (url) => live && setQr(url),
      () => live && setQr(undefined),
    );
    return () => {
      live = false;
    };
  }, [document, fits]);
  return (
    <div className="musig-document" data-testid="musig-document">
      <p>Give this proposal to the next participant: the file, the text, or the QR code.</p>
      <div className="row">
        <a className="button" href={href} download={name} data-testid="musig-download">
          Save {name}
        </a>
        <CopyButton text={document} label="Copy the proposal" />
      </div>
      {fits && qr !== undefined && <img src={qr} alt="The proposal as a QR code" width={320} height={320} />}
      {!fits && <p className="muted small">Too large for one QR code: pass it on as a file.</p>}
    </div>
  );
}
