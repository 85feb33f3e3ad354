import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';

/** The address as a QR code (a data: URL, which the CSP's img-src allows) and a copy button. */
export function Receive({ address }: { address: string }) {
  const [qr, setQr] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, { margin: 1, width: 192 }).then(
      (url) => live && setQr(url),
      () => live && setQr(undefined),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <section className="card" aria-labelledby="receive-title">
      <h2 id="receive-title">Receive</h2>
      {qr && <img src={qr} alt={`QR code of the address ${address}`} width={192} height={192} />}
      <p className="mono">{address}</p>
      <CopyButton text={address} label="Copy address" />
    </section>
  );
}
