/**
 * A token amount in the platform's money: the token counts in its smallest unit (USDT: 6 decimals,
 * so 1 USDT = 1,000,000), the platform in cents. All of it in bigint: a float would turn
 * 100.000001 USDT into 100.00000099999... and a large amount into another number.
 */

/** Cents of `value` smallest units of a token with `decimals` decimals, cut down to the cent. */
export function tokenToMinor(value: bigint, decimals: number): bigint {
  if (value < 0n) throw new Error('a token amount is never negative');
  if (decimals >= 2) return value / 10n ** BigInt(decimals - 2);
  return value * 10n ** BigInt(2 - decimals);
}

/** The exact amount, written in the token's units with at least two decimals ("100.00", "1.234567"). */
export function formatToken(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = value / scale;
  const fraction =
    decimals === 0 ? '' : (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
