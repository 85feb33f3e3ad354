/**
 * Amounts in words of the token ("1.5 VTY", never "150000000 arktoshi"), for the messages a person reads: the fee
 * ceiling's, and a node's refusal, which states amounts in arktoshi.
 */
const SCALE = 100_000_000n;

/** "150000000" → "1.5 VTY": no trailing zeros, no grouping. */
export function tokenWords(arktoshi: bigint, token: string): string {
  const negative = arktoshi < 0n;
  const magnitude = negative ? -arktoshi : arktoshi;
  const fraction = (magnitude % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${magnitude / SCALE}${fraction === '' ? '' : `.${fraction}`} ${token}`;
}

/** Every "N arktoshi" of a message said in tokens instead. */
export function messageInTokens(message: string, token: string): string {
  return message.replace(/(-?\d+) arktoshi\b/g, (_match, digits: string) =>
    tokenWords(BigInt(digits), token),
  );
}
