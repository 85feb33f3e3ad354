/** Arktoshi in tokens as the review writes them ("1,000.5 VTY"). */
export function tokenWords(arktoshi: bigint, token: string): string {
  const whole = (arktoshi / 100_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (arktoshi % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${whole}${fraction === '' ? '' : `.${fraction}`} ${token}`;
}
