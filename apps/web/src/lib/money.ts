import { formatMoney as formatWire, type Minor, parseMoney } from '@dropdesk/contract/money';
import { formatMoney } from './format';
import { currentLang } from './i18n';

/**
 * An amount as a merchant types it ("100", "12.5", or "12,5" where the comma is the decimal mark)
 * → minor units, or null when it is not an amount the server takes. The server's own parser decides,
 * so the form and the API never disagree about what is valid.
 */
export function amountFromInput(text: string): number | null {
  return parseMoney(text.trim().replace(',', '.'));
}

/**
 * An amount for the reader, in the interface language ("1,234.50" in en, "1.234,50" in vi), from a
 * wire amount ("1234.50") or minor units (123450). The one way the app writes money: in screens, in
 * hints and in the messages whose variables are amounts (lib/messages.ts), so the minimum reads the
 * same in the error and in the hint.
 */
export function formatAmount(amount: string | Minor): string {
  return formatMoney(typeof amount === 'number' ? formatWire(amount) : amount, currentLang());
}

/** A wire amount ("100.00", "-5.00"): what a message variable looks like when it is money. */
export const isWireAmount = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);
