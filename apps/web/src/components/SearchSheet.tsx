import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './sheet.module.css';
import ui from './ui.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The dialog's name (what is being chosen). */
  label: string;
  search: string;
  onSearch: (text: string) => void;
  /** The search box's label and placeholder. */
  searchLabel: string;
  /** The options, filtered by the caller. */
  children: ReactNode;
}

/** A bottom sheet to pick one of many (a country, a time zone): a search box, cancel, the options. */
export function SearchSheet({ open, onClose, label, search, onSearch, searchLabel, children }: Props) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName={styles.sheet}>
      <div role="dialog" aria-label={label}>
        <div className={styles.sheetHead}>
          <input
            className={ui.input}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={searchLabel}
            aria-label={searchLabel}
          />
          <button type="button" className={ui.link} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        {children}
      </div>
    </Popup>
  );
}
