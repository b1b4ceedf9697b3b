import type { ReactNode } from 'react';
import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import ui from '../ui.module.css';

interface Props<T extends FieldValues> {
  control: Control<T>;
  label: string;
  /** Busy with something other than the form's submit (a step that sends a code first). */
  busy?: boolean;
  /** Links under the button (to the login screen, to registration). */
  children?: ReactNode;
}

/**
 * The submit button (busy while the form submits) and, above it, a refusal that names no field:
 * said next to the form, not in a toast that covers it.
 */
export function SubmitBar<T extends FieldValues>({ control, label, busy, children }: Props<T>) {
  const { t } = useTranslation();
  const { isSubmitting, errors } = useFormState({ control });
  const formError = errors.root?.server?.message;
  const waiting = isSubmitting || busy;
  return (
    <>
      {formError && (
        <p className={ui.error} role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className={ui.button} disabled={waiting}>
        {waiting ? t('common.loading') : label}
      </button>
      {children && <div className={ui.links}>{children}</div>}
    </>
  );
}
