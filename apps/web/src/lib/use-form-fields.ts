import { useState } from 'react';
import type { FieldErrors } from './validation';

/**
 * A form's values and field errors. `set(k)` is the field's onChange: it stores the value and
 * clears that field's error, so a corrected field stops showing the old message.
 */
export function useFormFields<V extends Record<string, string>>(initial: V | (() => V)) {
  type K = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const set = (k: K) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  return { values, setValues, errors, setErrors, set };
}
