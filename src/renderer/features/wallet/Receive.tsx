/**
 * Receive: the address as a QR code, or a payment request with an amount and a memo as an `ark:` URI that ARK
 * wallets read (payment-uri.ts). The QR is a data: URL, which the CSP's img-src allows.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { FieldError } from '../../components/FieldError';
import { amountInWords, decimalSeparatorOf, parseAmountInput } from '../../lib/amount';
import { paymentUri } from '../../lib/payment-uri';
import { useVotary } from '../../store';
import { tokenName } from '../../store/node-slice';

const DECIMAL = decimalSeparatorOf();
/** Memos are at most 255 bytes on ARK Core 3 (the milestone's vendorFieldLength can be lower; the sender's wallet checks). */
const MEMO_BYTES = 255;

export function Receive({ address }: { address: string }) {
  const symbol = useVotary(tokenName);
  const [amountText, setAmountText] = useState('');
  const [memo, setMemo] = useState('');
  const [qr, setQr] = useState<string | undefined>();
  const amount = amountText.trim() === '' ? undefined : parseAmountInput(amountText, DECIMAL);
  const memoTooLong = new TextEncoder().encode(memo).length > MEMO_BYTES;
  const request = amount !== undefined || memo !== '';
  const valid = (amount === undefined || amount.ok) && !memoTooLong;
  const uri = paymentUri({ address, amount: amount?.ok === true ? amount.arktoshi : undefined, memo });
  const encoded = request && valid ? uri : address;
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(encoded, { margin: 1, width: 192 }).then(
      (url) => live && setQr(url),
      () => live && setQr(undefined),
    );
    return () => {
      live = false;
    };
  }, [encoded]);
  const what =
    encoded === address
      ? `QR code of the address ${address}`
      : `QR code of a request for ${amount?.ok === true ? amountInWords(amount.arktoshi, symbol) : 'any amount'} to ${address}`;
  return (
    <section className="card" aria-labelledby="receive-title">
      <h2 id="receive-title">Receive</h2>
      <div className="row">
        <label className="field">
          Request an amount (optional)
          <input
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            inputMode="decimal"
            aria-invalid={amount !== undefined && !amount.ok}
            aria-describedby={amount !== undefined && !amount.ok ? 'receive-amount-error' : undefined}
          />
          <FieldError
            id="receive-amount-error"
            message={amount !== undefined && !amount.ok ? amount.message : undefined}
          />
        </label>
        <label className="field">
          Memo (optional)
          <input
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
            aria-invalid={memoTooLong}
            aria-describedby={memoTooLong ? 'receive-memo-error' : undefined}
          />
          <FieldError
            id="receive-memo-error"
            message={memoTooLong ? `A memo holds at most ${MEMO_BYTES} bytes.` : undefined}
          />
        </label>
      </div>
      {qr && <img src={qr} alt={what} width={192} height={192} />}
      <p className="mono">{address}</p>
      <CopyButton text={address} label="Copy address" />
      {request && valid && (
        <p className="mono small" data-testid="payment-uri">
          {uri} <CopyButton text={uri} label="Copy the payment request" />
        </p>
      )}
    </section>
  );
}
