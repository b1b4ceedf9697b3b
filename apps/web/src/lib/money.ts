import { parseMoney } from '@dropdesk/contract/money';

/**
 * An amount as a merchant types it ("100", "12.5", or "12,5" where the comma is the decimal mark)
 * → minor units, or null when it is not an amount the server takes. The server's own parser decides,
 * so the form and the API never disagree about what is valid.
 */
export function amountFromInput(text: string): number | null {
  return parseMoney(text.trim().replace(',', '.'));
}
