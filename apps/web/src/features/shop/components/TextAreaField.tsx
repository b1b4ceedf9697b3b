import { useId } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField } from '../../../components/form/FormField';
import ui from '../../../components/ui.module.css';

/** A labelled text area bound to a form field: its message (or its hint) tied to it. */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  maxLength,
  rows = 4,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  maxLength: number;
  rows?: number;
}) {
  const { value, onChange, onBlur, error, ref } = useBoundField({ control, name });
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        name={name}
        className={ui.input}
        value={value}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error ? (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className={ui.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
