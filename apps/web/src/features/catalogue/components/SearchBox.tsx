import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import styles from './catalogue.module.css';

interface Props {
  /** The keyword searched now. */
  value: string;
  onSearch: (keyword: string) => void;
  label: string;
}

/** A keyword box: searched on Enter or the button, not on each key (each search is a round trip). */
export function SearchBox({ value, onSearch, label }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is newer than some phones we serve (Chrome 118, Safari 17).
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input
        className={ui.input}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Clearing the box (its ✕) shows everything again.
          if (e.target.value === '' && value !== '') onSearch('');
        }}
        placeholder={label}
        aria-label={label}
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className={ui.secondaryButton}>
        {t('catalogue.search')}
      </button>
    </form>
  );
}
