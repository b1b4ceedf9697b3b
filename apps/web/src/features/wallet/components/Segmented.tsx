import { useId } from 'react';
import styles from './segmented.module.css';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
}

interface Props<V extends string> {
  /** What is being chosen: the group's name for a screen reader. */
  legend: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
}

/**
 * One choice among a few (the withdrawal method, the network), drawn as a segmented control. Native
 * radio buttons underneath: a screen reader says "USDT-TRC20, radio button, selected, 1 of 2", the
 * arrow keys move the choice, and the selected segment is filled, not only outlined.
 */
export function Segmented<V extends string>({ legend, options, value, onChange }: Props<V>) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.segments}>
        {options.map((o) => (
          <label key={o.value} className={styles.segment}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
