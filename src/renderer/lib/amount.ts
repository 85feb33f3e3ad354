/**
 * Amounts cross the IPC boundary as decimal strings of arktoshi (architecture §3.3). The screens format and parse
 * them with bigint arithmetic only: a float would round 8-decimal amounts above 2^53 arktoshi.
 */
export const DECIMALS = 8;
const SCALE = 10n ** BigInt(DECIMALS);

/** "123456789" → "1.23456789"; trailing zeros kept to 8 decimals so columns line up. */
export function formatArktoshi(arktoshi: string): string {
  const value = BigInt(arktoshi);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = (magnitude / SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % SCALE).toString().padStart(DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** "1.23456789" with the token symbol: "1.23456789 Ѧ". */
export function formatAmount(arktoshi: string, symbol: string): string {
  return `${formatArktoshi(arktoshi)} ${symbol}`.trim();
}

/**
 * "1.5" → "150000000". Refuses more than 8 decimals, signs, exponents and anything but digits and one dot, so a
 * person never sends an amount other than the one they typed. Undefined when the text is not an amount.
 */
export function parseAmount(text: string): string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  const match = /^(\d{0,30})(?:\.(\d{0,8}))?$/.exec(trimmed);
  if (match === null || trimmed === '' || trimmed === '.') return undefined;
  const whole = BigInt(match[1] === '' || match[1] === undefined ? '0' : match[1]);
  const fraction = BigInt((match[2] ?? '').padEnd(DECIMALS, '0'));
  return (whole * SCALE + fraction).toString();
}

export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((total, amount) => total + BigInt(amount), 0n).toString();
}
