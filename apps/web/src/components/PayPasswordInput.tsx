import { PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import { useId, useRef } from 'react';
import styles from './pay.module.css';
import ui from './ui.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Open the number keyboard at once. */
  autoFocus?: boolean;
  testId?: string;
}

/** A 6-digit passcode input driven by antd-mobile's number keyboard (no system keyboard). */
export function PayPasswordInput({ label, value, onChange, error, autoFocus, testId }: Props) {
  const id = useId();
  const focused = useRef(false);
  return (
    <fieldset
      className={`${ui.field} ${styles.fieldset}`}
      data-testid={testId}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      onKeyDown={(e) => {
        // A desktop keyboard types into it too (antd-mobile's custom keyboard only takes taps).
        if (/^\d$/.test(e.key) && value.length < PAY_PASSWORD_LENGTH) onChange(value + e.key);
        else if (e.key === 'Backspace') onChange(value.slice(0, -1));
        else return;
        e.preventDefault();
      }}
    >
      <legend className={ui.label}>{label}</legend>
      <div className={styles.passcode}>
        <PasscodeInput
          length={PAY_PASSWORD_LENGTH}
          value={value}
          onChange={(v) => onChange(v.replace(/\D/g, ''))}
          error={Boolean(error)}
          seperated
          keyboard={<NumberKeyboard randomOrder={false} />}
          ref={(r) => {
            if (autoFocus && r && !focused.current) {
              focused.current = true;
              r.focus();
            }
          }}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
