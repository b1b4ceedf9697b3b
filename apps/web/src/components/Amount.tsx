import type { Minor } from '@dropdesk/contract/money';
import { useCurrency } from '../lib/config';
import { formatAmount } from '../lib/money';

/**
 * formatAmount for a component that writes amounts into texts (a hint, a question): it reads the
 * platform's currency, so the component is drawn again when the currency arrives.
 */
export function useFormatAmount(): (amount: string | Minor) => string {
  useCurrency();
  return formatAmount;
}

/**
 * An amount as the reader reads it: their language's digits and the platform's currency
 * ("$1,234.50", "1.234,50 $"). `signed` writes a '+' before a gain ("+$100.00").
 */
export function Amount({ value, signed = false }: { value: string | Minor; signed?: boolean }) {
  const format = useFormatAmount();
  const text = format(value);
  const gain = signed && (typeof value === 'number' ? value > 0 : !value.startsWith('-') && !isZero(value));
  return <>{gain ? `+${text}` : text}</>;
}

const isZero = (wire: string) => /^0*(\.0*)?$/.test(wire);
