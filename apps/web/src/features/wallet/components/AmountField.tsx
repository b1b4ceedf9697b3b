import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';

/** A comma typed as the decimal mark ("12,5") is kept as the wire's point. */
const decimalPoint = (text: string) => text.replace(',', '.');

/**
 * The amount of a top-up or a withdrawal: typed with a decimal keyboard, the comma kept as the
 * point; the contract's money rules check it (not a number, negative, too large, decimals).
 */
export function AmountField<T extends FieldValues & { amount: string }>({
  control,
  hint,
}: {
  control: Control<T>;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={'amount' as FieldPath<T>}
      label={t('wallet.amount')}
      inputMode="decimal"
      normalize={decimalPoint}
      hint={hint}
    />
  );
}
