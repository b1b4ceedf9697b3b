import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Field, type FieldProps } from '../Field';

export interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** The value, change handler and message of one form field, for an input that takes a string. */
export function useBoundField<T extends FieldValues>({ control, name }: BoundProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onChange: (value: string) => field.onChange(value),
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

type Props<T extends FieldValues> = BoundProps<T> &
  Omit<FieldProps, 'value' | 'onChange' | 'error' | 'name' | 'ref'> & {
    /** Rewrites what is typed before it is kept (upper case, digits only). */
    normalize?: (value: string) => string;
  };

/** A labelled text input bound to a form field; its message is the form's (schema or server). */
export function FormField<T extends FieldValues>({ control, name, normalize, ...input }: Props<T>) {
  const field = useBoundField({ control, name });
  return (
    <Field {...input} {...field} onChange={(value) => field.onChange(normalize ? normalize(value) : value)} />
  );
}

/** Binds any input that takes a string value (an upload, a picker) to a form field. */
export function Bound<T extends FieldValues>({
  control,
  name,
  children,
}: BoundProps<T> & { children: (field: ReturnType<typeof useBoundField>) => ReactNode }) {
  return children(useBoundField({ control, name }));
}

/** The password the merchant has now (to log in, or to prove a change). */
export function CurrentPassword<T extends FieldValues>(props: BoundProps<T> & { label: string }) {
  return <FormField {...props} type="password" autoComplete="current-password" />;
}
