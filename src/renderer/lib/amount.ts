/**
 * Amounts cross the IPC boundary as decimal strings of arktoshi (docs/design/architecture.md "Contracts"). The
 * screens format and parse
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

/** A typed amount: arktoshi, or why it was refused (a sentence for the field). */
export type AmountInput = { ok: true; arktoshi: string } | { ok: false; message: string };

/** The decimal separator the person's locale writes ("." in en-US, "," in de-DE or fr-FR). */
export function decimalSeparatorOf(locale?: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * "1.5" → 150000000 arktoshi. Exactly one decimal separator, the one the person's locale writes; anything
 * ambiguous is refused with a sentence instead of guessed: the other separator (in "1,5" with "." as the decimal
 * separator, is it 1.5 or 15?), grouping of thousands, two separators, more than 8 decimals, signs, exponents.
 */
export function parseAmountInput(text: string, decimal: '.' | ',' = '.'): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter an amount.' };
  const other = decimal === '.' ? ',' : '.';
  if (trimmed.includes(other) || /[\s\u00a0\u202f'’_]/.test(trimmed)) {
    return {
      ok: false,
      message: `Write the amount without thousands separators, with “${decimal}” before the decimals (for example 1${decimal}5).`,
    };
  }
  if (!/^[0-9.,]+$/.test(trimmed)) {
    return { ok: false, message: `Use digits and at most one “${decimal}” only.` };
  }
  const parts = trimmed.split(decimal);
  if (parts.length > 2) return { ok: false, message: `Use one “${decimal}” only, before the decimals.` };
  const [whole = '', fraction = ''] = parts;
  if (whole === '' && fraction === '') return { ok: false, message: 'Enter an amount.' };
  if (fraction.length > DECIMALS) return { ok: false, message: `At most ${DECIMALS} decimals.` };
  if (whole.length > 30) return { ok: false, message: 'That amount is too large.' };
  const arktoshi = BigInt(whole === '' ? '0' : whole) * SCALE + BigInt(fraction.padEnd(DECIMALS, '0'));
  return { ok: true, arktoshi: arktoshi.toString() };
}

/** parseAmountInput with "." as the decimal separator: the arktoshi, or undefined when it is not an amount. */
export function parseAmount(text: string, decimal: '.' | ',' = '.'): string | undefined {
  const parsed = parseAmountInput(text, decimal);
  return parsed.ok ? parsed.arktoshi : undefined;
}

/** An amount as a person types it back: no grouping, the locale's decimal separator, no trailing zeros. */
export function plainAmount(arktoshi: string, decimal: '.' | ',' = '.'): string {
  const value = BigInt(arktoshi);
  const whole = (value / SCALE).toString();
  const fraction = (value % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}${decimal}${fraction}`;
}

/** An amount in words of the token, without pointless zeros: "1.5 VTY", "1,000 VTY", "0.00000001 VTY". */
export function amountInWords(arktoshi: string, token: string): string {
  const value = BigInt(arktoshi);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = (magnitude / SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`} ${token}`.trim();
}

/**
 * An amount as every screen writes it (the history list, the dashboard, a transaction's details): in words of the
 * token, with "−" for money leaving and "+" for money arriving ("−1.5 VTY", "+12 VTY"); a zero never gets a "−".
 */
export function signedAmountInWords(arktoshi: string, token: string, signed?: 'in' | 'out'): string {
  const sign = signed === 'in' ? '+' : signed === 'out' && BigInt(arktoshi) !== 0n ? '−' : '';
  return `${sign}${amountInWords(arktoshi, token)}`;
}

export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((total, amount) => total + BigInt(amount), 0n).toString();
}
