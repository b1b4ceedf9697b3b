import ui from '../../../components/ui.module.css';

export interface Chip<V> {
  key: string;
  value: V;
  label: string;
}

interface Props<V> {
  /** What the chips choose: the group's name for a screen reader. */
  legend: string;
  chips: readonly Chip<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The second row (a parent category's children): smaller chips. */
  secondary?: boolean;
}

/** One filter among a few, a row of toggle buttons that scrolls sideways when the labels don't fit. */
export function FilterChips<V>({ legend, chips, value, onChange, secondary }: Props<V>) {
  return (
    <fieldset className={secondary ? `${ui.chipRow} ${ui.chipRowSmall}` : ui.chipRow}>
      <legend className="visually-hidden">{legend}</legend>
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className={ui.chip}
          aria-pressed={c.value === value}
          onClick={() => onChange(c.value)}
        >
          {c.label}
        </button>
      ))}
    </fieldset>
  );
}
