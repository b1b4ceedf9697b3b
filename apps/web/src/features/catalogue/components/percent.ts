import type { Lang } from '@dropdesk/contract/constants';

/** A margin in basis points as the reader writes a percentage: 1500 → "15%" (en), "%15" (tr). */
export function formatBps(bps: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
