import type { CurrencyInfo } from '@dropdesk/contract/account';
import { formatMoney as formatWire, type Minor, parseMoney } from '@dropdesk/contract/money';
import { amountIn } from '@dropdesk/web-kit/format';
import { currentLang } from './i18n';

/**
 * The platform's one currency (config's `currency`), once the app has read it: lib/config.ts keeps
 * it here when the config arrives, and every amount is written with it. Until then (the first
 * paint of a screen, before config answers) amounts are written without it.
 */
let currency: CurrencyInfo | null = null;

export function rememberCurrency(next: CurrencyInfo | null | undefined): void {
  currency = next ?? null;
}

export const knownCurrency = (): CurrencyInfo | null => currency;

/**
 * An amount as a merchant types it ("100", "12.5", or "12,5" where the comma is the decimal mark)
 * → minor units, or null when it is not an amount the server takes. The server's own parser decides,
 * so the form and the API never disagree about what is valid.
 */
export function amountFromInput(text: string): number | null {
  return parseMoney(text.trim().replace(',', '.'));
}

/**
 * An amount for the reader, in the interface language and with the platform's currency ("$1,234.50"
 * in en, "1.234,50 $" in vi), from a wire amount ("1234.50") or minor units (123450). The one way
 * the app writes money: in screens (components/Amount.tsx re-renders them when the currency
 * arrives), in hints and in the messages whose variables are amounts (lib/messages.ts), so the
 * minimum reads the same in the error and in the hint.
 */
export function formatAmount(amount: string | Minor): string {
  const wire = typeof amount === 'number' ? formatWire(amount) : amount;
  return amountIn(wire, currentLang(), currency);
}

/** A wire amount ("100.00", "-5.00"): what a message variable looks like when it is money. */
export const isWireAmount = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);

/** Minor units of a wire amount, its minus sign included ("-16.20" → -1620); 0 for anything unreadable. */
export function minorOf(wire: string): number {
  const negative = wire.startsWith('-');
  const n = parseMoney(negative ? wire.slice(1) : wire) ?? 0;
  return negative ? -n : n;
}
