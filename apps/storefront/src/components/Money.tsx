import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n';
import { formatMoney, useCurrency } from '../lib/money';

/** A wire amount ("12.34") with the platform's currency, in the reader's language. */
export function Money({ value }: { value: string }) {
  useTranslation(); // re-render when the language changes
  const currency = useCurrency();
  return <span className="money">{formatMoney(value, currentLang(), currency)}</span>;
}
