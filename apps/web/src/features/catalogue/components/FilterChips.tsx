import { useChosenInView } from '../../../components/chosen-in-view';
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

/**
 * One filter among several (the categories can be many), a row of toggle buttons that scrolls
 * sideways when the labels don't fit, the edge where more wait faded, the chosen one kept in view.
 */
export function FilterChips<V>({ legend, chips, value, onChange, secondary }: Props<V>) {
  const row = useChosenInView<HTMLFieldSetElement>(
    `${chips.findIndex((c) => c.value === value)}|${chips.length}`,
  );
  return (
    <fieldset
      ref={row}
      className={`${ui.chipRow} ${ui.chipRowScroll}${secondary ? ` ${ui.chipRowSmall}` : ''}`}
    >
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
