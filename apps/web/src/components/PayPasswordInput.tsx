import { PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import { useId } from 'react';
import styles from './pay.module.css';
import ui from './ui.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Focus it at once (the phone opens its number keyboard). */
  autoFocus?: boolean;
  testId?: string;
}

const CELLS = Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => i);

/**
 * The 6-digit payment password: one real, labelled password input (a screen reader reads one field,
 * a phone opens its number keyboard through `inputMode`), laid over six cells drawn for the eye.
 * The cells are hidden from assistive technology and hold nothing focusable.
 */
export function PayPasswordInput({ label, value, onChange, error, autoFocus, testId }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  // Typing always goes at the end: the cells show no caret to place elsewhere.
  const caretToEnd = (input: HTMLInputElement) =>
    input.setSelectionRange(input.value.length, input.value.length);
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.passcode}>
        <input
          id={id}
          data-testid={testId}
          className={styles.passcodeInput}
          type="password"
          inputMode="numeric"
          pattern={`\\d{${PAY_PASSWORD_LENGTH}}`}
          maxLength={PAY_PASSWORD_LENGTH}
          // A payment password is neither a saved login nor a one-time code: the browser offers neither.
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: a screen whose only task is this code opens on it.
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH))}
          onFocus={(e) => caretToEnd(e.currentTarget)}
          onClick={(e) => caretToEnd(e.currentTarget)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <div className={styles.cells} aria-hidden="true">
          {CELLS.map((i) => (
            <span
              key={i}
              className={styles.cell}
              data-filled={i < value.length || undefined}
              data-next={i === Math.min(value.length, PAY_PASSWORD_LENGTH - 1) || undefined}
              data-invalid={error ? true : undefined}
            />
          ))}
        </div>
      </div>
      {error && (
        <p id={errorId} className={ui.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
