import { MESSAGE_TYPES, type MessageType } from '@dropdesk/contract/messages';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import type { UnreadMessages } from '../../../lib/api/get-unread-messages';
import { formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import styles from './messages.module.css';

/** The two tabs, system messages and notices, each with a dot while it holds unread messages. */
export function MessageTabs({
  value,
  onChange,
  unread,
}: {
  value: MessageType;
  onChange: (type: MessageType) => void;
  unread: UnreadMessages | undefined;
}) {
  const { t } = useTranslation();
  const label = (type: MessageType) =>
    type === 'system' ? t('messages.tab.system') : t('messages.tab.notice');
  return (
    <fieldset className={ui.chipRow} data-testid="message-tabs">
      <legend className="visually-hidden">{t('messages.tabs')}</legend>
      {MESSAGE_TYPES.map((type) => {
        const n = unread?.[type] ?? 0;
        return (
          <button
            key={type}
            type="button"
            className={ui.chip}
            aria-pressed={type === value}
            onClick={() => onChange(type)}
          >
            {label(type)}
            {n > 0 && (
              <>
                <span className={styles.tabDot} aria-hidden="true" data-testid={`dot-${type}`} />
                <span className="visually-hidden">
                  {' '}
                  {t('messages.unreadCount', { n: formatNumber(n, currentLang()) })}
                </span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
