import { PASSWORD_MIN_LENGTH } from '@dropdesk/contract/constants';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PayPasswordInput } from '../PayPasswordInput';
import { FormField, useBoundField } from './FormField';

interface PairProps<T extends FieldValues> {
  control: Control<T>;
  /** The labels of the new password and of its confirmation. */
  labels: readonly [string, string];
  /** The two fields; the contract's names by default. */
  names?: readonly [FieldPath<T>, FieldPath<T>];
}

/** A new login password and its confirmation (the contract checks length and that they match). */
export function PasswordPair<T extends FieldValues>({
  control,
  labels,
  names = ['password', 'password_confirm'] as unknown as [FieldPath<T>, FieldPath<T>],
}: PairProps<T>) {
  const { t } = useTranslation();
  return names.map((name, i) => (
    <FormField
      key={name}
      control={control}
      name={name}
      label={labels[i] ?? ''}
      type="password"
      autoComplete="new-password"
      hint={i === 0 ? t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH }) : undefined}
    />
  ));
}

/** One 6-digit payment password bound to a form field. */
export function FormPayPassword<T extends FieldValues>({
  control,
  name,
  label,
  testId,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  testId?: string;
}) {
  const { value, onChange, error } = useBoundField({ control, name });
  return <PayPasswordInput testId={testId} label={label} value={value} onChange={onChange} error={error} />;
}

/** A new payment password and its confirmation (`pay_password`, `pay_password_confirm`). */
export function PayPasswordPair<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormPayPassword
        control={control}
        name={'pay_password' as FieldPath<T>}
        label={t('payPassword.new')}
        testId="pay-new"
      />
      <FormPayPassword
        control={control}
        name={'pay_password_confirm' as FieldPath<T>}
        label={t('payPassword.confirm')}
        testId="pay-confirm"
      />
    </>
  );
}
