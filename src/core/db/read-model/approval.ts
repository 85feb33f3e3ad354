/**
 * A delegate's `production.approval` (ark-core-api.md §10.5, core-kernel delegate-calculator): its vote balance
 * V as a percentage of the total supply S at the last height, rounded to 2 decimals exactly as ARK computes it,
 * so that the edge cases agree (`1.50` → 1.5, `0.00` → 0):
 * 1. e = (digits of S) − (digits of V) + 4;
 * 2. q = ⌊V × 10^e / S⌋ (integer division);
 * 3. q / 10^(e−2) as a float, `toFixed(2)`, back to a number.
 */
export function approvalOf(voteBalance: bigint, totalSupply: bigint): number {
  // A chain always has a positive supply (the genesis amount); no supply, no share of it.
  if (totalSupply <= 0n) return 0;
  const exponent = totalSupply.toString().length - voteBalance.toString().length + 4;
  const scaled =
    exponent >= 0 ? voteBalance * 10n ** BigInt(exponent) : voteBalance / 10n ** BigInt(-exponent);
  const quotient = scaled / totalSupply;
  return Number((Number(quotient) / 10 ** (exponent - 2)).toFixed(2));
}
