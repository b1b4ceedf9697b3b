import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import styles from './sheet.module.css';
import ui from './ui.module.css';

interface Props {
  open: boolean;
  current: Lang;
  onClose: () => void;
  onChoose: (lang: Lang) => void;
}

/**
 * The language list as a dialog of plain buttons (the current one pressed), each named in its own
 * language. Our own rather than antd-mobile's ActionSheet, whose items are options without a list
 * box and anchors without href: a screen reader could not tell them apart and a keyboard could
 * not reach them. Loaded on first open (LanguagePicker), so /login doesn't download the popup.
 */
export default function LanguageSheet({ open, current, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName={styles.sheet}>
      <div role="dialog" aria-labelledby="language-sheet-title">
        <div className={styles.sheetHead}>
          <h2 id="language-sheet-title" className={styles.title}>
            {t('language.choose')}
          </h2>
          <button type="button" className={ui.link} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <ul className={styles.list}>
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                lang={lang}
                className={styles.option}
                aria-pressed={lang === current}
                onClick={() => onChoose(lang)}
              >
                <span>{LANGUAGE_NAMES[lang]}</span>
                {lang === current && <span aria-hidden="true">✓</span>}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  );
}
