import type { Lang } from '@dropdesk/contract/constants';

/**
 * An exact token amount as the chain sent it ("1234.123456"), written the reader's way with every
 * decimal kept ("1,234.123456" in en, "1.234,123456" in vi): never through a float, which would
 * round the last digits. Trailing zeros of the decimals are dropped ("100.500000" → "100.5").
 * Anything that is not a plain decimal is returned as it came.
 */
export function formatTokenAmount(exact: string, lang: Lang): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(exact);
  if (!match) return exact;
  const whole = new Intl.NumberFormat(lang).format(BigInt(match[1] ?? '0'));
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (!decimals) return whole;
  const mark = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${whole}${mark}${decimals}`;
}

/** Whether the token amount sent is exactly a wire amount ("100.10" and "100.100000" are). */
export function sameAmount(exact: string, wire: string): boolean {
  const norm = (s: string) => {
    const [whole = '', decimals = ''] = s.split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${decimals.replace(/0+$/, '')}`;
  };
  return norm(exact) === norm(wire);
}
