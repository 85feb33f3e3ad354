import { formatAmount, signedAmountInWords } from '../lib/amount';
import { useVotary } from '../store';
import { tokenName } from '../store/node-slice';

/**
 * An arktoshi amount with the active network's symbol, without pointless zeros ("1,000 VTY", "12.5 VTY"); the full
 * 8-decimal figure is its tooltip. `signed` shows money leaving as "−" and arriving as "+", coloured.
 */
export function Amount({ value, signed }: { value: string; signed?: 'in' | 'out' }) {
  const symbol = useVotary(tokenName);
  const sign = signed === 'in' ? '+' : signed === 'out' && BigInt(value) !== 0n ? '−' : '';
  const className = signed === undefined ? 'amount' : `amount amount-${signed}`;
  return (
    <span className={className} title={`${sign}${formatAmount(value, symbol)}`}>
      {signedAmountInWords(value, symbol, signed)}
    </span>
  );
}
