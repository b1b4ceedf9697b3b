import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';

/** The phone number or email a merchant signs in with (login, password reset). */
export function AccountField<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return <FormField {...props} placeholder={t('login.accountPlaceholder')} autoComplete="username" />;
}
