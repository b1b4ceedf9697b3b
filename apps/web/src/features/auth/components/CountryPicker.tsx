import { COUNTRIES } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import { countryName } from '@dropdesk/web-kit/format';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSheet } from '../../../components/SearchSheet';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import styles from './country.module.css';

interface Props {
  label: string;
  value: string;
  onChange: (code: string) => void;
  /** Codes offered by the server (common/config); the contract's list until it answers. */
  codes?: readonly string[];
  error?: string;
}

/**
 * Country picker: names in the reader's language (Intl.DisplayNames), searchable by that name, the
 * English one or the code, whatever the case and accents (the contract's foldText), with a line
 * when nothing matches.
 */
export function CountryPicker({ label, value, onChange, codes = COUNTRIES, error }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const options = useMemo(
    () =>
      codes
        .map((code) => {
          const name = countryName(code, lang);
          // Found by its name in the reader's language or in English, or by its code.
          return { code, name, search: foldText(`${name} ${countryName(code, 'en')} ${code}`) };
        })
        .sort((a, b) => a.name.localeCompare(b.name, lang)),
    [codes, lang],
  );
  // Case and accents don't matter: "viet", "VIỆT" and "Việt" all find Việt Nam.
  const wanted = foldText(filter.trim());
  const shown = wanted ? options.filter((o) => o.search.includes(wanted)) : options;
  return (
    <div className={ui.field}>
      <span className={ui.label} id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className={`${ui.input} ${styles.trigger}`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span id={`${id}-value`} className={value ? undefined : styles.placeholder}>
          {value ? countryName(value, lang) : t('register.countryPlaceholder')}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {error && (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {error}
        </p>
      )}
      <SearchSheet
        open={open}
        onClose={() => setOpen(false)}
        label={label}
        search={filter}
        onSearch={setFilter}
        searchLabel={t('register.countrySearch')}
      >
        {shown.length === 0 && (
          <p className={ui.center} role="status" data-testid="country-none">
            {t('register.countryNone', { query: filter.trim() })}
          </p>
        )}
        <ul className={sheet.list}>
          {shown.map((o) => (
            <li key={o.code}>
              <button
                type="button"
                className={sheet.option}
                aria-pressed={o.code === value}
                onClick={() => {
                  onChange(o.code);
                  setOpen(false);
                  setFilter('');
                }}
              >
                <span>{o.name}</span>
                {o.code === value && <span aria-hidden="true">✓</span>}
              </button>
            </li>
          ))}
        </ul>
      </SearchSheet>
    </div>
  );
}
