import { formatAmount, signedAmountInWords } from '../lib/amount';
import { useVotary } from '../store';
import { tokenName } from '../store/node-slice';
import { Fiat } from '../features/prices/Fiat';

/**
 * An arktoshi amount with the active network's symbol, without pointless zeros ("1,000 VTY", "12.5 VTY"); the full
 * 8-decimal figure is its tooltip. `signed` shows money leaving as "−" and arriving as "+", coloured. `fiat` adds its
 * estimated value in the person's currency beside it while prices are on (features/prices/Fiat.tsx).
 */
export function Amount({ value, signed, fiat }: { value: string; signed?: 'in' | 'out'; fiat?: boolean }) {
  const symbol = useVotary(tokenName);
  const sign = signed === 'in' ? '+' : signed === 'out' && BigInt(value) !== 0n ? '−' : '';
  const className = signed === undefined ? 'amount' : `amount amount-${signed}`;
  const amount = (
    <span className={className} title={`${sign}${formatAmount(value, symbol)}`}>
      {signedAmountInWords(value, symbol, signed)}
    </span>
  );
  if (fiat !== true) return amount;
  return (
    <>
      {amount}
      <Fiat value={value} />
    </>
  );
}
