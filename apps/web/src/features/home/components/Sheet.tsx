import Popup from 'antd-mobile/es/components/popup';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import styles from './home.module.css';

interface Props {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A sheet from the bottom (antd-mobile's Popup) explaining a figure: a dialog named by its title,
 * focus moved into it when it opens. Loaded with React.lazy on the first open (Home: credit score,
 * followers), so Popup and its mask stay out of Home's chunk.
 */
export default function Sheet({ visible, title, onClose, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (visible) close.current?.focus();
  }, [visible]);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={sheet.sheet}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        className={styles.sheetBody}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className={styles.sheetHead}>
          <h2 id={id} className={styles.sheetTitle}>
            {title}
          </h2>
          <button
            ref={close}
            type="button"
            className={ui.iconButton}
            onClick={onClose}
            aria-label={t('home.close')}
          >
            <CloseOutline aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </Popup>
  );
}
