import { formatAmount } from '../lib/amount';
import { useVotary } from '../store';
import { tokenSymbol } from '../store/node-slice';

/** An arktoshi amount with the active network's symbol, 8 decimals, no floating point. */
export function Amount({ value }: { value: string }) {
  const symbol = useVotary(tokenSymbol);
  return <span className="amount">{formatAmount(value, symbol)}</span>;
}
